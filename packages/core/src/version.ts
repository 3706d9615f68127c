/** The product name and the version shown in the footer. */
export const PRODUCT_NAME = 'Fieldbook';
export const VERSION = '0.3.2';
