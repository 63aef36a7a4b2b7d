import S3rver, { type S3rverMiddleware } from '@20minutes/s3rver';

/**
 * The S3 emulator's own process, started by s3-emulator.ts with `--openssl-legacy-provider`:
 * s3rver seals ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers through
 * its legacy provider, so without it every listing longer than one page answers 500.
 * Usage: s3-emulator-server.ts DIRECTORY BUCKET; prints `listening on PORT` once it serves.
 */
const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3-emulator-server.ts DIRECTORY BUCKET');

/**
 * s3rver rebuilds the signed path from the route's bucket and key, so a bucket-level request sent
 * as `/bucket/` (how the AWS SDK v3 sends ListObjectsV2, and what it signs, as real S3 expects) is
 * checked against `/bucket` and refused with SignatureDoesNotMatch. Its virtual-host branch builds
 * `/` + bucket + mountPath instead; taking it with mountPath `/` yields exactly the path that was
 * sent, so the signature is still checked in full. Only requests whose path is `/bucket/` change.
 */
const signBucketPathAsSent: S3rverMiddleware = (ctx, next) => {
  if (!ctx.state.vhost && /^\/[^/]+\/$/.test(ctx.path)) {
    ctx.state.vhost = true;
    ctx.mountPath = '/';
  }
  return next();
};

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
// After s3rver's own vhost step, which sets ctx.state.vhost, and before its router checks.
const vhostStep = server.middleware.findIndex((middleware) => middleware.name === 'vhost');
if (vhostStep < 0) throw new Error('s3rver changed: no vhost middleware to follow');
server.middleware.splice(vhostStep + 1, 0, signBucketPathAsSent);

const { port } = await server.run();
process.stdout.write(`listening on ${port}\n`);

async function stop() {
  await server.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
// The test process holds our stdin: when it ends, even by a crash, the emulator ends with it.
process.stdin.once('end', () => void stop());
process.stdin.resume();
