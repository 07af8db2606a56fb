import rootPackage from '../../../package.json' with { type: 'json' };

/** The product's version (the repository root's package.json), written into every backup. */
export const PRODUCT_VERSION: string = rootPackage.version;
