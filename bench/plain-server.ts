/**
 * The load benchmark's baseline: a bare node:http server on 127.0.0.1 that answers each known `METHOD /path`
 * with bytes the portal produced once before the run (same status, content type and body), so the comparison
 * measures what the portal spends per request beyond writing those bytes. Started by bench/load.ts:
 *
 *   node --import tsx bench/plain-server.ts <answers.json>
 *
 * answers.json: { "GET /mapviewer/api/...": { "contentType": "...", "bodyBase64": "..." }, ... }.
 * Prints `listening <port>` once ready; stopped by its parent (SIGTERM by PID).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface PlainAnswer {
  contentType: string;
  bodyBase64: string;
}

const answersFile = process.argv[2];
if (!answersFile) {
  console.error('usage: node --import tsx bench/plain-server.ts <answers.json>');
  process.exit(64);
}
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, PlainAnswer>).map(([route, answer]) => {
    const body = Buffer.from(answer.bodyBase64, 'base64');
    return [route, { body, headers: { 'content-type': answer.contentType, 'content-length': String(body.length) } }];
  }),
);

const server = createServer((request, response) => {
  const answer = answers.get(`${request.method} ${(request.url ?? '').split('?')[0]}`);
  // Read the request body to its end, as the portal must, before answering.
  request.resume();
  request.on('end', () => {
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, answer.headers).end(answer.body);
  });
});
server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
