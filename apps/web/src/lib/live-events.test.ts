import { describe, expect, it } from 'vitest';
import { readEvents } from './live-events';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });

describe('readEvents (text/event-stream)', () => {
  it('parses events split across chunks, heartbeats and CRLF line ends', async () => {
    const seen: unknown[] = [];
    await readEvents(
      streamOf([': heartbeat\n\nevent: support.mess', 'age\ndata: {"conversationId":3,', '"message":{"id":1}}\n\n', 'event: ready\r\ndata: {"at":"x"}\r\n\r\n']),
      (e) => seen.push(e),
    );
    expect(seen).toEqual([null, { type: 'support.message', data: { conversationId: 3, message: { id: 1 } } }, { type: 'ready', data: { at: 'x' } }]);
  });

  it('treats an unreadable payload as a heartbeat, never as an event', async () => {
    const seen: unknown[] = [];
    await readEvents(streamOf(['event: chat.reply\ndata: {not json\n\n']), (e) => seen.push(e));
    expect(seen).toEqual([null]);
  });
});
