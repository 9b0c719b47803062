// The Arabic texts of the login page: the SIGNED_OUT_SECTIONS of ../locales/ar/common.json,
// picked at build time (scripts/vite-signed-out-texts.ts).
export { default } from '../locales/ar/common.json?signed-out';
