/** Per-IP limits on the public endpoints, shared by every instance (lib/rate-limit-backend.ts). */
export const PUBLIC_RATE_LIMITS = {
  login: { max: 300, timeWindow: '1 minute' },
  accessRequest: { max: 20, timeWindow: '10 minutes' },
  invitation: { max: 60, timeWindow: '1 minute' },
} as const;
