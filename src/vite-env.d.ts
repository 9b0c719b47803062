/// <reference types="vite/client" />
// Vite's client types: CSS side-effect imports (main.tsx) and import.meta.env.

// A common.json cut down to the sections the login page shows (scripts/vite-signed-out-texts.ts).
declare module '*.json?signed-out' {
  const texts: Record<string, unknown>;
  export default texts;
}
