/** The part of @20minutes/s3rver (a local S3 emulator, shipped without types) the tests use. */
declare module '@20minutes/s3rver' {
  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: Buffer[] }[];
  };
  /** The few fields of s3rver's Koa context that the emulator's request fix reads and sets. */
  export type S3rverContext = {
    path: string;
    mountPath?: string;
    state: { vhost?: boolean };
  };
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<unknown>) => unknown;
  /** A Koa application: `middleware` is Koa's own stack, composed when the server starts. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: S3rverMiddleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
