import type { PharmacyInput } from '@pharm/validators';
import type { SeedContext } from './index.js';

/** 25 independent and compounding pharmacies with real-looking addresses and terms. */
export const DEMO_PHARMACIES: PharmacyInput[] = [
  ['Riverside Compounding Pharmacy', 'Maria Alvarez', 'orders@riversiderx.com', '(503) 555-0142', '1820 NW Front Ave, Portland, OR 97209', 'Net 30'],
  ['Oak Street Apothecary', 'James Whitfield', 'purchasing@oakstreetrx.com', '(312) 555-0187', '455 W Oak St, Chicago, IL 60610', 'Net 30'],
  ['Summit Specialty Pharmacy', 'Priya Raman', 'supply@summitspecialty.com', '(303) 555-0119', '2100 Larimer St, Suite 200, Denver, CO 80205', 'Net 60'],
  ['Bayview Health Pharmacy', 'Daniel Cho', 'daniel.cho@bayviewhealth.com', '(415) 555-0163', '3150 Mission St, San Francisco, CA 94110', 'Net 15'],
  ['Magnolia Family Pharmacy', 'Lauren Beaumont', 'lauren@magnoliafamilyrx.com', '(504) 555-0128', '812 Magazine St, New Orleans, LA 70130', 'Net 30'],
  ['Cedar Park Compounding', 'Robert Kline', 'rkline@cedarparkcompounding.com', '(512) 555-0176', '1400 E Whitestone Blvd, Cedar Park, TX 78613', 'Net 30'],
  ['Harborview Pharmacy & Wellness', 'Aisha Bello', 'purchasing@harborviewrx.com', '(206) 555-0134', '901 Alaskan Way, Seattle, WA 98104', 'Due on Receipt'],
  ['Green Mountain Apothecary', 'Thomas Reilly', 'treilly@greenmtnrx.com', '(802) 555-0151', '77 Church St, Burlington, VT 05401', 'Net 30'],
  ['Desert Bloom Pharmacy', 'Carmen Ortiz', 'orders@desertbloomrx.com', '(602) 555-0190', '4320 N 7th Ave, Phoenix, AZ 85013', 'COD'],
  ['Lakeshore Compounding Center', 'Eric Johansson', 'eric@lakeshorecompounding.com', '(414) 555-0112', '2240 N Lincoln Memorial Dr, Milwaukee, WI 53211', 'Net 60'],
  ['Peachtree Specialty Rx', 'Keisha Howard', 'khoward@peachtreerx.com', '(404) 555-0158', '1375 Peachtree St NE, Atlanta, GA 30309', 'Net 30'],
  ['Old Town Pharmacy', 'Michael Brennan', 'mbrennan@oldtownpharmacy.com', '(703) 555-0145', '210 King St, Alexandria, VA 22314', 'Net 15'],
  ['Prairie Health Compounding', 'Jennifer Lindqvist', 'jlindqvist@prairiehealthrx.com', '(402) 555-0173', '1020 O St, Lincoln, NE 68508', 'Net 30'],
  ['Coastal Care Pharmacy', 'Samuel Nguyen', 'snguyen@coastalcarerx.com', '(843) 555-0126', '164 Meeting St, Charleston, SC 29401', 'Net 30'],
  ['Silver Lake Apothecary', 'Olivia Grant', 'olivia@silverlakeapothecary.com', '(323) 555-0181', '3825 W Sunset Blvd, Los Angeles, CA 90026', 'Net 60'],
  ['Northgate Medical Pharmacy', 'Brian Patel', 'bpatel@northgatemedrx.com', '(614) 555-0139', '4500 N High St, Columbus, OH 43214', 'Net 30'],
  ['Bluegrass Compounding Pharmacy', 'Hannah Mitchell', 'hmitchell@bluegrasscompounding.com', '(859) 555-0164', '340 E Main St, Lexington, KY 40507', 'Due on Receipt'],
  ['Canyon Ridge Pharmacy', 'Victor Ramirez', 'vramirez@canyonridgerx.com', '(505) 555-0197', '6001 Montgomery Blvd NE, Albuquerque, NM 87109', 'Net 30'],
  ['Hudson Valley Specialty Pharmacy', 'Rachel Stein', 'rstein@hudsonvalleyrx.com', '(845) 555-0122', '55 Main St, New Paltz, NY 12561', 'Net 15'],
  ['Pinecrest Health Pharmacy', 'Gregory Adams', 'gadams@pinecresthealth.com', '(305) 555-0149', '12700 S Dixie Hwy, Pinecrest, FL 33156', 'Net 30'],
  ['Twin Cities Compounding', 'Megan Olson', 'molson@twincitiescompounding.com', '(612) 555-0171', '2901 Hennepin Ave, Minneapolis, MN 55408', 'Net 60'],
  ['Capitol Hill Pharmacy', 'Andre Washington', 'awashington@capitolhillrx.com', '(202) 555-0116', '650 Pennsylvania Ave SE, Washington, DC 20003', 'Net 30'],
  ['Blue Ridge Apothecary', 'Sarah Caldwell', 'scaldwell@blueridgeapothecary.com', '(828) 555-0185', '45 Haywood St, Asheville, NC 28801', 'COD'],
  ['Willamette Valley Pharmacy', 'Kevin Tran', 'ktran@willamettevalleyrx.com', '(541) 555-0130', '1180 Willamette St, Eugene, OR 97401', 'Net 30'],
  ['Great Lakes Specialty Compounding', 'Nicole Kowalski', 'nkowalski@greatlakesrx.com', '(216) 555-0168', '10900 Euclid Ave, Cleveland, OH 44106', 'Net 30'],
].map(([name, contactName, email, phone, address, terms]) => ({
  name: name!,
  contactName,
  email: email!,
  phone,
  shippingAddress: address,
  billingAddress: address,
  terms: terms as PharmacyInput['terms'],
  notes: null,
}));

export async function seedPharmacies({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db.selectFrom('pharmacies').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return log('pharmacies: already present, skipped');
  for (const pharmacy of DEMO_PHARMACIES) await caller.pharmacies.create(pharmacy);
  log(`pharmacies: ${DEMO_PHARMACIES.length} created`);
}
