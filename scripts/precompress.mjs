#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a web build, so
// the server sends them as they are (@fastify/static `preCompressed`, apps/server/src/app.ts)
// instead of compressing on each request. Run by the web build (apps/web/vite.config.ts) after
// Vite has written the files; by hand: node scripts/precompress.mjs apps/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats only: images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than the request's headers weigh. */
const MIN_BYTES = 512;

function listFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

/** The best brotli and gzip of `data` (build time, so the slowest, smallest settings). */
export function compress(data) {
  return {
    br: brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz: gzipSync(data, { level: 9 }),
  };
}

/**
 * Compresses every text file of `dir` that is worth it; a copy that is not smaller than the file
 * is not written (the server then sends the file itself). Returns what was written.
 */
export function precompressDirectory(dir) {
  const written = [];
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const { br, gz } = compress(data);
    for (const [extension, copy] of [
      ['br', br],
      ['gz', gz],
    ]) {
      if (copy.length >= data.length) continue;
      writeFileSync(`${file}.${extension}`, copy);
      written.push({ file: `${path.relative(dir, file)}.${extension}`, bytes: copy.length });
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const written = precompressDirectory(dir);
  console.log(`precompress: ${written.length} compressed copies written in ${dir}`);
}
