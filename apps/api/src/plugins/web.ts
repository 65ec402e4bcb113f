import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { apiNotFound } from './errors.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every client-side route. The build writes
 * a brotli and a gzip copy beside every text file (apps/web/precompress.ts); a client that accepts one gets it,
 * with `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const hasBuild = existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz copies are picked by Accept-Encoding for their file's own address, not served as files.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Source maps are built for debugging, not published: they would hand out the whole source.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest =
      request.method === 'GET' && !pathname.startsWith('/api') && !/\.\w+$/.test(pathname);
    if (isPageRequest && hasBuild) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(apiNotFound());
  });
}
