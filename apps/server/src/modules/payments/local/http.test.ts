import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from './http.js';

describe('the local providers\' HTTP listener', () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  beforeAll(async () => {
    server = await startLocalServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }));
  });
  afterAll(() => server.close());

  // the official clients keep their connections (Node's agent with keepAlive, as stripe-node's is); a listener whose
  // keep-alive hint is within the agent's 1 s buffer has every call open and close a connection of its own
  it('keeps a client\'s connection for its next calls', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const ports: number[] = [];
    for (let i = 0; i < 3; i++) {
      ports.push(await new Promise<number>((resolve, reject) => {
        const req = http.request(`${server.url}/v1/payment_intents/pi_${i}`, { agent }, (res) => {
          const port = res.socket.localPort!;
          res.resume();
          res.on('end', () => resolve(port));
        });
        req.on('error', reject);
        req.end();
      }));
      // the agent takes the socket back on the next tick
      await new Promise((r) => setImmediate(r));
    }
    agent.destroy();
    expect(new Set(ports).size).toBe(1);
  });
});
