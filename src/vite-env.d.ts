/// <reference types="vite/client" />
// Vite's client types: CSS side-effect imports (main.tsx) and import.meta.env.
