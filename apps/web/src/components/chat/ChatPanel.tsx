import { lazy, Suspense, useEffect, useImperativeHandle, useMemo, useRef, useState, type DragEvent, type FormEvent, type Ref } from 'react';
import { CHAT_HISTORY_SENT } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { findMentionedProduct, isClearContextCommand, parseCartCommand } from '@souq/shared/rules/chat-commands';
import type { Product } from '@souq/shared/api/catalogue';
import { api } from '@/lib/api-client';
import { cx } from '@/components/ui/cx';
import { PathIcon } from '@/components/ui/PathIcon';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { cartItems, useCart, useCartCode } from '@/lib/shop/cart-store';
import { CartButton } from '@/components/cart/CartButton';
import { TalkToPerson } from '@/components/chat/TalkToPerson';
import { useCatalogue } from '@/lib/shop/catalogue-api';
import { PRODUCT_DRAG_TYPE, parseDraggedProduct, refFromProduct, type ProductRef } from '@/lib/shop/product-ref';
import { ProductImage } from '@/components/shop/ProductImage';
import { track, trackChat, trackingSessionId, type ChatMessageType } from '@/lib/shop/track';
import { FormattedText } from '@/components/ui/FormattedText';
import { postChat, searchPhraseOf } from './api';
import { useSupportReplies } from './support-replies';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

// The image search loads on first use: the storefront's first load stays small.
const ImageSearchDialog = lazy(() => import('@/components/shop/ImageSearchDialog'));

/** A chat message (customer spec §3), optionally carrying a product card. */
export type ChatMessage = {
  id: string;
  isBot: boolean;
  sender: 'AI Assistant' | 'You';
  text: string;
  timestamp: number;
  product?: ProductRef;
  /** A person from support answered (an admin in the live chat monitor): their name, shown on the message. */
  person?: string;
};

/** What a host can do to the chat from outside (detail modal quick questions, sidebar selection). */
export type ChatPanelHandle = {
  /**
   * Sends a message as if the shopper typed it (commands, AI, context rules all apply). `context` overrides the
   * current context product for this message (the host may have just set it, before the panel re-rendered).
   */
  send: (text: string, context?: ProductRef | null) => void;
  /** Posts a product card from the assistant into the conversation, with an Add to Cart button. */
  postProduct: (product: ProductRef, text?: string) => void;
};

export type ChatPanelProps = {
  /** The product the chat is focused on (the host owns it: it also highlights that product on screen). */
  context: ProductRef | null;
  onContextChange: (product: ProductRef | null) => void;
  /** Products known by name for typed commands; default: the public catalogue (GET /api/products). */
  catalogue?: ProductRef[];
  /** Products locked for comparison (side panel locker), sent to the AI. */
  lockedProductIds?: number[];
  /** A product was selected by the chat (typed name, AI focus, image search, drop): highlight and scroll to it. */
  onFocusProduct?: (product: ProductRef) => void;
  /** The chat asks the screen to run a product search. */
  onSearch?: (query: string) => void;
  /** Called after the chat added to the cart (typed command or product card button). */
  onAddedToCart?: (product: ProductRef, quantity: number) => void;
  className?: string;
  ref?: Ref<ChatPanelHandle>;
};

let seq = 0;
const newId = () => `${Date.now().toString(36)}-${(seq++).toString(36)}`;
const message = (isBot: boolean, text: string, product?: ProductRef): ChatMessage => ({
  id: newId(),
  isBot,
  sender: isBot ? 'AI Assistant' : 'You',
  text,
  timestamp: Date.now(),
  product,
});

const icons = {
  image: 'M4 5h16v14H4zM8.5 10.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM20 15l-5-5-9 9',
  send: 'M4 12l16-8-6 16-2.5-6.5z',
  close: 'M6 6l12 12M18 6L6 18',
};
/**
 * 'Chat with AI' (customer spec §2, §4): typed cart commands run locally, a named product becomes the context,
 * everything else goes to POST /api/ai/chat. Accepts products dropped on it and images for image search.
 */
export function ChatPanel({ context, onContextChange, catalogue, lockedProductIds, onFocusProduct, onSearch, onAddedToCart, className, ref }: ChatPanelProps) {
  // the shared texts in the page's language: the greeting, the suggestions, the local commands' answers
  const MSG = useMsg();
  const lang = useContentLang();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message(true, MSG.chatGreeting)]);
  const [input, setInput] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [dropActive, setDropActive] = useState(false);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const addToCart = useCart((s) => s.add);
  const fetched = useCatalogue(catalogue === undefined);
  const known = useMemo(() => catalogue ?? (fetched.data ?? []).map(refFromProduct), [catalogue, fetched.data]);
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const waitingRef = useRef(false);
  const aborter = useRef<AbortController | null>(null);
  // the stored chat session: an admin's replies in it reach this panel
  const [sessionId, setSessionId] = useState<string | null>(null);
  // this panel's conversation: what the assistant proposes (a cancel, a return) waits for a yes in it alone
  const conversationId = useRef<string | null>(null);
  useSupportReplies(sessionId, (r) =>
    setMessages((list) => [...list, { ...message(true, r.message), id: `support-${r.id}`, timestamp: Date.parse(r.created_at), person: r.sender_name }]),
  );

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, waiting]);

  useEffect(() => () => aborter.current?.abort(), []);

  const push = (...m: ChatMessage[]) => setMessages((list) => [...list, ...m]);

  const selectProduct = (p: ProductRef) => {
    onContextChange(p);
    onFocusProduct?.(p);
  };

  /** A product the AI focused may not be in the known list (only its id comes back): fetch it. */
  async function resolveProduct(id: number): Promise<ProductRef | null> {
    const local = known.find((p) => p.id === id);
    if (local) return local;
    try {
      return refFromProduct(await api<Product>(`/api/products/${id}`, { auth: 'none', devFallback: true }));
    } catch {
      return null;
    }
  }

  /** One way into the cart for typed commands and the assistant's actions: add, track, tell the host. */
  function addProduct(product: ProductRef, quantity: number, source: string) {
    addToCart({ id: product.id, name: product.name, nameAr: product.nameAr, price: product.price, image: product.image }, quantity);
    track('add_to_cart', product.id, { quantity, source });
    onAddedToCart?.(product, quantity);
  }

  async function askAi(text: string, productContext: ProductRef | null, messageType: ChatMessageType = 'question') {
    const history = messages
      .filter((m) => !m.product)
      .slice(-CHAT_HISTORY_SENT)
      .map(({ id, isBot, sender, text: t, timestamp }) => ({ id, isBot, sender, text: t, timestamp }));
    push(message(false, text));
    trackChat(productContext?.id ?? 'chat', messageType, text);
    waitingRef.current = true;
    setWaiting(true);
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const reply = await postChat(
        {
          message: text,
          productContext: productContext
            ? { id: productContext.id, name: productContext.name, price: productContext.price, category: productContext.category }
            : null,
          conversationHistory: history,
          ...(lockedProductIds?.length ? { lockedProductIds } : {}),
          sessionId: await trackingSessionId(),
          ...(conversationId.current ? { conversationId: conversationId.current } : {}),
          // the cart's lines, for a coupon code typed in the chat (checked against them at database prices)
          // (within the request's bounds: a cart past them still gets its answer)
          cart: cartItems(useCart.getState().lines.slice(0, 100)).map((i) => ({ ...i, quantity: Math.min(i.quantity, 999) })),
        },
        controller.signal,
      );
      if (reply.sessionId) setSessionId(reply.sessionId);
      conversationId.current = reply.conversationId;
      push(message(true, reply.response));
      // a code the assistant checked and found applying is kept for the checkout (which checks it again)
      if (reply.coupon?.applies) useCartCode.getState().set(reply.coupon.code);
      // the assistant's add_to_cart actions are performed here: the server has checked product and stock
      for (const m of reply.mentionedProducts) {
        if (m.action !== 'add_to_cart') continue;
        const p = await resolveProduct(m.id);
        if (p) addProduct(p, m.quantity ?? 1, 'chat_ai');
      }
      const focus = reply.mentionedProducts.find((m) => m.action === 'focus');
      if (focus) {
        const p = await resolveProduct(focus.id);
        if (p) selectProduct(p);
      }
      const phrase = searchPhraseOf(reply.response);
      if (phrase) onSearch?.(phrase);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      push(message(true, MSG.chatFailure));
    } finally {
      waitingRef.current = false;
      setWaiting(false);
    }
  }

  function send(raw: string, contextOverride?: ProductRef | null) {
    const current = contextOverride !== undefined ? contextOverride : context;
    const text = raw.trim();
    if (!text || waitingRef.current) return;

    if (isClearContextCommand(text)) {
      trackChat(current?.id ?? 'chat', 'clear_context', text);
      push(message(false, text), message(true, MSG.contextCleared));
      onContextChange(null);
      return;
    }

    const command = parseCartCommand(text, known, current);
    if (command) {
      trackChat('notFound' in command ? (current?.id ?? 'chat') : command.product.id, 'cart_command', text);
      push(message(false, text));
      if ('notFound' in command) {
        push(message(true, MSG.productNotFoundInChat));
        return;
      }
      const { product, quantity } = command;
      addProduct(product, quantity, 'chat');
      push(message(true, MSG.addedToCart(quantity, product.name)));
      return;
    }

    const named = findMentionedProduct(text, known);
    if (named) {
      selectProduct(named);
      onSearch?.(named.name);
    }
    void askAi(text, named ?? current);
  }

  useImperativeHandle(ref, () => ({
    send,
    postProduct: (product, text) => {
      push(message(true, text ?? product.name, product));
    },
  }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!input.trim() || waiting) return;
    send(input);
    setInput('');
  }

  function clearContext() {
    onContextChange(null);
    push(message(true, MSG.contextCleared));
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    // Only image files open the image search (spec §5).
    if (!file.type.startsWith('image/')) {
      push(message(true, MSG.imageInvalid));
      return;
    }
    setImageFile(file);
  }

  function onDragOver(e: DragEvent) {
    if (!e.dataTransfer.types.includes(PRODUCT_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDropActive(true);
  }

  function onDrop(e: DragEvent) {
    setDropActive(false);
    const product = parseDraggedProduct(e.dataTransfer.getData(PRODUCT_DRAG_TYPE));
    if (!product) return;
    e.preventDefault();
    selectProduct(product);
    if (!waitingRef.current) void askAi(MSG.chatAboutProduct(product.name), product, 'product_drop');
  }

  function addCard(product: ProductRef) {
    addToCart({ id: product.id, name: product.name, nameAr: product.nameAr, price: product.price, image: product.image }, 1);
    track('add_to_cart', product.id, { quantity: 1, source: 'chat' });
    onAddedToCart?.(product, 1);
  }

  return (
    <section
      aria-label={t`Chat with AI`}
      className={cx(
        'flex min-h-0 flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-colors',
        dropActive ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200',
        className,
      )}
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropActive(false);
      }}
      onDrop={onDrop}
    >
      <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900"><Trans>Chat with AI</Trans></h2>
          <p className="flex items-center gap-1.5 text-xs text-emerald-700">
            <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
            <Trans>Online</Trans>
          </p>
        </div>
        <TalkToPerson onAsk={(text) => send(text)} disabled={waiting} />
        <CartButton />
      </header>

      {context && (
        <div className="flex items-center gap-2 border-b border-slate-100 bg-brand-50 px-4 py-2 text-sm text-brand-800">
          <span className="min-w-0 flex-1 truncate">
            <Trans>Context:</Trans> <bdi className="font-medium">{pickText(context.name, context.nameAr ?? '', lang)}</bdi>
          </span>
          <button
            type="button"
            onClick={clearContext}
            aria-label={t`Clear context`}
            className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md hover:bg-brand-100"
          >
            <PathIcon d={icons.close} className="h-4 w-4" />
          </button>
        </div>
      )}

      <div ref={listRef} data-floating-clear className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 pt-4 pb-[calc(1rem+var(--floating-clear,0px))]" role="log" aria-live="polite" aria-label={t`Conversation`}>
        {messages.map((m) => (
          <div key={m.id} className={cx('flex', m.isBot ? 'justify-start' : 'justify-end')}>
            <div
              className={cx(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words',
                m.person ? 'rounded-es-sm border border-amber-200 bg-amber-50 text-slate-900' : m.isBot ? 'rounded-es-sm bg-slate-100 text-slate-800' : 'rounded-ee-sm bg-brand-700 text-white',
              )}
            >
              {m.person ? <span dir="auto" className="mb-0.5 block text-xs font-semibold text-amber-800">{m.person}</span> : <span className="sr-only">{m.isBot ? t`AI Assistant` : t`You`}: </span>}
              {m.product ? (
                <ProductCardMessage product={m.product} onAdd={() => addCard(m.product!)} onSelect={() => selectProduct(m.product!)} />
              ) : (
                // a message in its own direction (an English answer in an Arabic page, or the reverse)
                <div dir="auto"><FormattedText text={m.text} /></div>
              )}
            </div>
          </div>
        ))}
        {messages.length === 1 && !waiting && (
          <div className="flex flex-wrap gap-2 pt-1" aria-label={t`Suggestions`}>
            {MSG.chatSuggestions.map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => send(s)}
                dir="auto"
                className="rounded-full border border-brand-600/30 bg-brand-50 px-3 py-1.5 text-xs font-medium text-brand-800 hover:bg-brand-100"
              >
                {s}
              </button>
            ))}
          </div>
        )}
        {waiting && (
          <div className="flex justify-start">
            <div className="flex items-center gap-1 rounded-2xl rounded-es-sm bg-slate-100 px-4 py-3" role="status" aria-label={t`AI Assistant is typing`}>
              {[0, 1, 2].map((i) => (
                <span key={i} className="h-2 w-2 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${i * 150}ms` }} />
              ))}
            </div>
          </div>
        )}
      </div>

      <form onSubmit={submit} data-floating-avoid className="flex items-center gap-2 border-t border-slate-100 p-3">
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="ghost" size="icon" aria-label={t`Search by image`} title={t`Search by image`} onClick={() => fileRef.current?.click()}>
          <PathIcon d={icons.image} />
        </Button>
        <label htmlFor="chat-input" className="sr-only">
          <Trans>Message</Trans>
        </label>
        <input
          id="chat-input"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={t`Ask about products…`}
          autoComplete="off"
          maxLength={2000}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
        />
        <Button type="submit" disabled={waiting || !input.trim()} icon={<PathIcon d={icons.send} className="h-4 w-4" />}>
          <Trans>Send</Trans>
        </Button>
      </form>

      <Suspense fallback={null}>
        {imageFile && (
          <ImageSearchDialog
            open
            initialFile={imageFile}
            onClose={() => setImageFile(null)}
            onSearched={(n) => push(message(true, n > 0 ? MSG.imageMatches(n) : MSG.imageNoMatches))}
            onSelect={(p) => {
              setImageFile(null);
              selectProduct({ id: p.id, name: p.name, nameAr: p.nameAr, price: p.price, image: p.image, category: p.category });
            }}
          />
        )}
      </Suspense>
    </section>
  );
}

function ProductCardMessage({ product, onAdd, onSelect }: { product: ProductRef; onAdd: () => void; onSelect: () => void }) {
  // the product's name in the shopper's language, like the shelves (the other language's when it has none)
  const name = pickText(product.name, product.nameAr ?? '', useContentLang());
  return (
    <div className="flex w-64 max-w-full gap-3">
      <ProductImage src={product.image} alt={name} className="h-16 w-16 shrink-0 rounded-lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <button type="button" onClick={onSelect} className="truncate text-start font-medium text-slate-900 hover:underline">
          <bdi>{name}</bdi>
        </button>
        <Price value={product.price} className="text-sm text-slate-700" />
        <Button size="sm" onClick={onAdd} className="self-start">
          <Trans>Add to Cart</Trans>
        </Button>
      </div>
    </div>
  );
}

export default ChatPanel;
