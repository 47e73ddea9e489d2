import { buildServer } from './app';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8080);
const databasePath = process.env.DATABASE_PATH || 'var/db';

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}"`);
  process.exit(1);
}

const app = await buildServer({ databasePath, logger: process.env.LOG === '1' });
await app.listen({ host, port, backlog: 4096 });
console.log(`Hong Kong 3D map ready at http://${host}:${port}/mapviewer/app/`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
