import type { FastifyPluginAsync } from 'fastify';
import apiKeyRoutes from './api-keys/api-keys.routes.ts';
import apiV1Routes from './api-v1/api-v1.routes.ts';
import webhookRoutes from './webhooks/webhooks.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import campaignRoutes from './campaigns/campaigns.routes.ts';
import contactRoutes from './contact/contact.routes.ts';
import creditRoutes from './credits/credits.routes.ts';
import healthRoutes from './health/health.routes.ts';
import logRoutes from './logs/logs.routes.ts';
import mailboxRoutes from './mailbox/mailbox.routes.ts';
import publicPagesRoutes from './public-pages/public-pages.routes.ts';
import recipientRoutes from './recipients/recipients.routes.ts';
import securityRoutes from './security/security.routes.ts';
import passwordResetRoutes from './password-reset/password-reset.routes.ts';
import paymentRoutes from './payments/payments.routes.ts';
import themeRoutes from './themes/themes.routes.ts';
import senderRoutes from './senders/senders.routes.ts';
import smsConnectionRoutes from './sms/sms-connections.routes.ts';
import templateRoutes from './templates/templates.routes.ts';
import suppressionRoutes from './suppressions/suppressions.routes.ts';
import feedbackWebhookRoutes from './feedback-webhooks/feedback-webhooks.routes.ts';
import uploadRoutes from './uploads/uploads.routes.ts';
import userRoutes from './users/users.routes.ts';

/** Every domain's routes, mounted under /api by buildApp. A new module adds one line here. */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  securityRoutes,
  themeRoutes,
  healthRoutes,
  uploadRoutes,
  senderRoutes,
  userRoutes,
  passwordResetRoutes,
  contactRoutes,
  templateRoutes,
  campaignRoutes,
  creditRoutes,
  logRoutes,
  mailboxRoutes,
  publicPagesRoutes,
  recipientRoutes,
  suppressionRoutes,
  feedbackWebhookRoutes,
  paymentRoutes,
  apiKeyRoutes,
  apiV1Routes,
  webhookRoutes,
  smsConnectionRoutes,
];
