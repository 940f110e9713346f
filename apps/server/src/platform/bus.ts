// A tiny typed in-process event bus. Modules announce facts ("a product changed") without knowing who listens
// (search index, image features, recommendations, notifications). A Redis fan-out between instances can wrap the
// same surface later; the interface stays: on(), emit().

export type OrderPlacedItem = { productId: number | null; vendorId: number | null; quantity: number; unitPriceCents: number };

/** Event name → payload. Other modules may add events by augmenting this interface (`declare module`). */
export interface BusEvents {
  'product.changed': { id: number };
  'product.deleted': { id: number };
  /** Only the stock moved (an order reserved it, a cancellation returned it): cheaper to apply than a full change. */
  'product.stockChanged': { id: number; stock: number };
  'order.placed': { orderId: number; orderNumber: string; userId: number | null; items: OrderPlacedItem[] };
}

export type BusEvent = keyof BusEvents;
export type BusHandler<K extends BusEvent> = (payload: BusEvents[K]) => void | Promise<void>;

export type Bus = {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends BusEvent>(event: K, fn: BusHandler<K>): () => void;
  /**
   * Calls every handler. A failing handler is logged and never fails the emitter (the fact already happened).
   * The promise settles when all handlers are done; callers normally do not wait (`void bus.emit(...)`).
   */
  emit<K extends BusEvent>(event: K, payload: BusEvents[K]): Promise<void>;
};

export function createBus(log: (msg: string) => void = () => {}): Bus {
  const handlers = new Map<BusEvent, Set<BusHandler<never>>>();
  return {
    on(event, fn) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(fn as BusHandler<never>);
      return () => void set.delete(fn as BusHandler<never>);
    },
    async emit(event, payload) {
      const set = handlers.get(event);
      if (!set?.size) return;
      await Promise.all(
        [...set].map(async (fn) => {
          try {
            await (fn as BusHandler<typeof event>)(payload);
          } catch (err) {
            log(`event handler for ${event} failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        }),
      );
    },
  };
}
