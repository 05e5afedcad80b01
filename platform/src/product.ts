/** The product's name and version, shown on the login page, in /health and in the OpenAPI document. */
export const PRODUCT_NAME = 'PhoneFleet';
export const PRODUCT_VERSION = '0.1.0';
