/** Types of precompress.mjs for the web build's config (apps/web/vite.config.ts). */
export function compress(data: Uint8Array): { br: Buffer; gz: Buffer };
export function precompressDirectory(dir: string): { file: string; bytes: number }[];
