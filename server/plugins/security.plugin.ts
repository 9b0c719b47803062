import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for the API and the SPA. The policy fits the Vite build: scripts only from our
 * origin, inline styles allowed because Mantine injects <style> tags at run time, images also
 * from data: and blob: URLs (colour swatches, uploaded previews).
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // No upgrade-insecure-requests: it would break installs served over plain HTTP on a LAN.
        },
      },
    });
  },
  { name: 'security' },
);
