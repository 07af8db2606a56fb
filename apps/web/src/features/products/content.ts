import type { ProductCategory } from '@pharm/validators';

/** What the details dialog says about a product of each category (spec: "Exact texts: not shown"). */
export interface CategoryContent {
  description: string;
  specifications: readonly (readonly [label: string, value: string])[];
  applications: readonly string[];
  qualityAssurance: readonly string[];
}

export const CATEGORY_CONTENT: Record<ProductCategory, CategoryContent> = {
  Vial: {
    description:
      'Glass and polymer vials for sterile and non-sterile compounded preparations. Tubular Type I borosilicate vials follow the ISO 8362-1 “R” sizes, so stoppers and seals of the matching neck finish fit every size of a range.',
    specifications: [
      [
        'Glass',
        'Borosilicate Type I (USP <660>), hydrolytic class HGB 1; molded Type III where stated',
      ],
      ['Neck finish', '13 mm (2R–4R) or 20 mm (6R and larger) blowback crimp finish'],
      ['Dimensions', 'ISO 8362-1 (tubular) and ISO 8362-4 (molded)'],
      ['Ready-to-use', 'Washed, depyrogenated and sterilized, nested in sealed tubs'],
    ],
    applications: [
      'Sterile injectable compounding under USP <797>',
      'Multi-dose and single-dose preparations',
      'Lyophilized preparations (flat-base lyophilization vials)',
      'Light-sensitive preparations (amber glass)',
    ],
    qualityAssurance: [
      'Certificate of Analysis with every lot: dimensions, hydrolytic resistance, cosmetic AQL',
      'Arsenic and heavy-metal leachables within USP <660> limits',
      'RTU vials: endotoxin < 0.25 EU/mL and sterility per lot (ISO 11135 / ISO 11137)',
    ],
  },
  Stopper: {
    description:
      'Elastomeric closures for serum, lyophilization and syringe use. Bromobutyl and chlorobutyl formulations give a low-permeability, low-extractable seal that reseals after needle puncture.',
    specifications: [
      ['Elastomer', 'Bromobutyl or chlorobutyl rubber; ETFE film coating where stated'],
      ['Sizes', '13 mm and 20 mm serum and lyophilization designs; syringe plunger stoppers'],
      ['Surface', 'Siliconized for machinability; RTU grades washed and steam sterilized'],
      ['Compliance', 'USP <381> and <87>, Ph. Eur. 3.2.9; latex-free'],
    ],
    applications: [
      'Closing serum and lyophilization vials of the matching neck finish',
      'Freeze-drying: vented two-leg and igloo designs stay partly seated during the cycle',
      'Prefillable syringe and cartridge plungers',
    ],
    qualityAssurance: [
      'Certificate of Analysis with every lot: dimensions, fragmentation and self-sealing tests',
      'Particulate and bioburden limits per lot; RTU grades with sterility and endotoxin results',
      'Container-closure integrity verified with the matching vials and seals',
    ],
  },
  Seal: {
    description:
      'Aluminium crimp seals that hold the stopper on the vial and show tampering. Flip-off buttons come in colours so preparations of different strengths or routes can be told apart at a glance.',
    specifications: [
      ['Material', 'Aluminium skirt, polypropylene flip-off button'],
      ['Sizes', '13 mm and 20 mm, matching the vial neck finish'],
      ['Styles', 'Flip-off, tear-off and plain with centre tear-out disc'],
      ['Sterile grades', 'Gamma irradiated, double-bagged for cleanroom entry'],
    ],
    applications: [
      'Crimping stoppered vials with a hand or bench-top crimper',
      'Colour-coding strengths, routes or hazardous preparations',
      'Tamper evidence for dispensed multi-dose vials',
    ],
    qualityAssurance: [
      'Certificate of Conformance with every lot: dimensions and button removal force',
      'Sterile grades: sterility assurance level 10⁻⁶ with irradiation dose records',
      'Colour consistency checked against lot-retained standards',
    ],
  },
  Cap: {
    description:
      'Tip caps, screw caps and covers that keep syringe tips, connectors and vial tops closed and clean between preparation and administration.',
    specifications: [
      ['Materials', 'Polypropylene, low-density polyethylene; PTFE/silicone septa for screw caps'],
      ['Fit', 'Luer-lock and oral syringe tips, 24-400 screw-thread finish, 20 mm vial tops'],
      ['Sterile grades', 'Individually packaged, EtO sterilized'],
      ['Tamper evidence', 'Break-away ring on tamper-evident Luer caps'],
    ],
    applications: [
      'Capping filled syringes for storage and transport',
      'Closing screw-thread vials and bottles',
      'Keeping crimped vial tops clean in storage',
    ],
    qualityAssurance: [
      'Certificate of Conformance with every lot: fit and leak testing on the matching tips',
      'Sterile grades: sterility and EtO residuals per ISO 10993-7',
      'Manufactured in an ISO 13485 certified facility',
    ],
  },
  Syringe: {
    description:
      'Single-use syringes for measuring, transferring and dispensing, from tuberculin and insulin syringes to prefillable glass and COP syringes for ready-to-administer preparations.',
    specifications: [
      [
        'Barrel',
        'Polypropylene; Type I borosilicate glass or cyclic olefin polymer for prefillables',
      ],
      ['Tips', 'Luer-lock, Luer-slip, oral, or staked needle'],
      ['Graduations', 'Printed scale in mL (units for insulin syringes)'],
      ['Sterility', 'EtO or gamma sterilized, single use; oral syringes non-sterile'],
    ],
    applications: [
      'Aseptic transfer and measurement in the cleanroom',
      'Prefilled syringes for office use and patient self-administration',
      'Oral liquid dispensing (not for injection)',
    ],
    qualityAssurance: [
      'Certificate of Analysis with every lot: volume accuracy, sterility, endotoxin',
      'ISO 7886-1 (hypodermic) and ISO 11040 (prefillable) conformance',
      'Silicone level and break-loose/glide force tested on prefillables',
    ],
  },
  Cartridge: {
    description:
      'Glass cartridges and their plungers and lined seals for pen injectors and dental syringes, including dual-chamber cartridges that keep a lyophilizate and its diluent apart until use.',
    specifications: [
      ['Glass', 'Borosilicate Type I, ISO 13926-1 and ISO 11040-1 dimensions'],
      [
        'Components',
        'Bromobutyl plungers; aluminium caps with laminated bromobutyl/isoprene discs',
      ],
      ['Sizes', '1.5 mL, 1.8 mL and 3 mL; 2 × 1 mL dual-chamber'],
      ['Ready-to-use', 'Washed, depyrogenated and sterilized in nested tubs'],
    ],
    applications: [
      'Pen-injector preparations',
      'Dental anaesthetic cartridges',
      'Reconstitution at the point of use (dual-chamber)',
    ],
    qualityAssurance: [
      'Certificate of Analysis with every lot: dimensions, hydrolytic resistance, cosmetic AQL',
      'Plunger and seal compatibility verified with the matching cartridge',
      'RTU grades: sterility and endotoxin results per lot',
    ],
  },
  API: {
    description:
      'Active pharmaceutical ingredients for compounding, sourced from FDA-registered manufacturers and supplied with the documentation a 503A or 503B pharmacy needs for its records.',
    specifications: [
      ['Grade', 'USP/NF monograph where one exists'],
      ['Form', 'Micronized or crystalline powder as stated'],
      ['Documents', 'Certificate of Analysis, SDS and manufacturer’s FDA registration'],
      ['Controlled substances', 'Shipped only against a current DEA registration on file'],
    ],
    applications: [
      'Topical, oral and injectable compounded preparations',
      'Hormone replacement and veterinary compounding',
      'Bulk substances permitted under FD&C Act 503A/503B',
    ],
    qualityAssurance: [
      'Identity, assay and impurities tested per lot against the USP monograph',
      'Hazardous drugs labelled per NIOSH and packed for USP <800> handling',
      'Retained samples kept for each lot; full lot traceability to the manufacturer',
    ],
  },
  Peptide: {
    description:
      'Peptide APIs for compounding, supplied lyophilized or as crystalline powder with storage conditions that keep them within specification until use.',
    specifications: [
      ['Purity', '≥ 98% by HPLC, with peptide content and counter-ion stated'],
      ['Form', 'Lyophilized or crystalline powder, as acetate salt where applicable'],
      ['Storage', '2–8 °C or −20 °C as stated; shipped cold with temperature indicator'],
      ['Documents', 'Certificate of Analysis, SDS and manufacturer’s FDA registration'],
    ],
    applications: [
      'Sterile injectable compounding under USP <797>',
      'Reconstitution for multi-dose vials',
      'Preparations on the FDA bulk-substances lists',
    ],
    qualityAssurance: [
      'Identity by mass spectrometry, purity by HPLC, water content and endotoxin per lot',
      'Cold-chain shipping with a temperature record for every shipment',
      'Lot traceability to the manufacturer; retained samples for each lot',
    ],
  },
};

export const PRICING_NOTE =
  'Prices are list prices per package. For volume, contract or standing-order pricing, and to reserve a lot, contact your account manager or our sales team.';

/** The content of a category, or none for a category this app does not know. */
export function categoryContent(category: string): CategoryContent | undefined {
  return (CATEGORY_CONTENT as Record<string, CategoryContent>)[category];
}
