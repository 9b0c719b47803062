// The English texts of the login page: the SIGNED_OUT_SECTIONS of ../locales/en/common.json,
// picked at build time (scripts/vite-signed-out-texts.ts).
export { default } from '../locales/en/common.json?signed-out';
