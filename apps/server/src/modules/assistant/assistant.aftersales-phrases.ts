import type { OrderStatus, PaidBy, ReturnReason } from '@souq/shared/constants';
import { SHOP_POLICIES, SHOP_POLICIES_AR } from '@souq/shared/rules/policies';
import { formatCount, formatDate, type Locale } from '@souq/shared/rules/locale';
import { formatCents } from '@souq/shared/rules/money';
import { isolate } from './assistant.bidi.js';

// What the assistant says after a purchase (decisions 0107, 0127), one phrasebook per language with the same entries
// (the Arabic typed against the English, so a missing one fails the typecheck). The flows in assistant.aftersales.ts and
// assistant.actions.ts pick the facts; every sentence is here. A proposal always names what it would act on (the
// products, in bold, in the reader's language), the seller and the amount; a cash-on-delivery part that was never paid
// is never said to have been paid. Values a seller or shopper typed (seller names, order numbers, carriers, the
// shopper's own words) go through `typed`, isolated inside an Arabic sentence (assistant.bidi.ts).

/** A product line as a sentence names it: its name in bold, with how many when more than one. */
export type Named = { name: string; quantity?: number };
/** An amount in minor units with its currency. */
export type Amount = { cents: number; currency: string };

function english() {
  const L = 'en' as Locale;
  const money = (a: Amount) => formatCents(a.cents, a.currency, L);
  const day = (d: Date) => formatDate(d, 'day', L);
  const n = (x: number) => formatCount(x, L);
  const bold = (i: Named) => `${i.quantity && i.quantity > 1 ? `${n(i.quantity)} × ` : ''}**${i.name}**`;
  const items = (list: Named[]) => (list.length <= 2 ? list.map(bold).join(' and ') : `${list.slice(0, -1).map(bold).join(', ')} and ${bold(list.at(-1)!)}`);
  const days = (x: number) => `${n(x)} day${x === 1 ? '' : 's'}`;
  const statusWords: Record<OrderStatus, string> = {
    pending: 'received and waiting to be confirmed by the seller', confirmed: 'confirmed and being prepared', processing: 'being packed for shipping',
    awaiting_payment: 'waiting for your card payment', shipped: 'shipped and on its way to you', delivered: 'delivered', cancelled: 'cancelled', refunded: 'refunded',
  };
  const reasons: Record<ReturnReason, string> = {
    damaged: 'Arrived damaged or faulty', wrong_item: 'Wrong item sent', not_as_described: 'Not as described', no_longer_needed: 'No longer needed', other: 'Another reason',
  };
  return {
    locale: L, money, day, n, bold, items, statusWords, reasons,
    typed: (t: string) => t,
    list: (lines: string[]) => lines.map((l, i) => `${i + 1}. ${l}`).join('\n'),
    yesOrNo: 'Please reply "yes" to go ahead, or "no" to leave everything as it is.',
    nothingChanged: 'OK, I have not changed anything.',
    actionFailed: (m: string) => `I couldn't do that: ${m}`,
    signIn: 'Please sign in to your account and ask me again: I can only look up the orders of the person signed in.',
    noOrders: "You haven't placed any orders yet. When you do, ask me here and I'll tell you where they are.",
    orderUnknown: (number: string) =>
      `I couldn't find an order ${number} on your account. Please check the number in your order confirmation (it looks like SQ-250310-7KX4M), or ask me "where are my orders?" to see your latest ones.`,
    notFound: (words: string) => `I couldn't find "${words}" among your recent orders. Which item do you mean? You can name it as it appears in your order, or give me the order number.`,

    // where it is, when it arrives
    whereIntro: (purchase: string, parts: number) => (parts === 1 ? `Your order ${purchase}:` : `Your order ${purchase} comes in ${n(parts)} parts, one per seller:`),
    whereLine: (number: string, seller: string, status: string) => `• ${number} from ${seller}: ${status}.`,
    itemStatus: (list: Named[], number: string, seller: string, status: string) => `${items(list)} (${number} from ${seller}): ${status}.`,
    tracking: (carrier: string, tracking: string) => `Carrier: ${carrier}, tracking number ${tracking}.`,
    expected: (from: Date, to: Date) => (day(from) === day(to) ? `Expected on ${day(from)}.` : `Expected between ${day(from)} and ${day(to)}.`),
    promised: (from: Date, to: Date) => (day(from) === day(to) ? `Promised at checkout for ${day(from)}.` : `Promised at checkout to arrive between ${day(from)} and ${day(to)}.`),
    expectedOnceShipped: (min: number, max: number) =>
      `Not shipped yet: the seller delivers ${min === max ? `${n(min)} business day${min === 1 ? '' : 's'}` : `${n(min)}–${n(max)} business days`} after shipping.`,
    noEstimate: (seller: string) => `${seller} has not given a delivery estimate, so I can't tell you a date.`,
    deliveredOn: (d: Date) => `Delivered on ${day(d)}.`,
    // what a part cost and how it is paid: a cash-on-delivery part not yet delivered was never paid
    partMoney: (amount: Amount, paidBy: PaidBy, status: OrderStatus) =>
      status === 'cancelled' ? (paidBy === 'cod' ? `Cancelled: nothing to pay for it.` : `Cancelled: the ${money(amount)} charge was reversed.`)
        : paidBy === 'cod' ? (status === 'delivered' ? `${money(amount)}, settled in cash on delivery.` : `${money(amount)}, cash on delivery: nothing has been charged yet; it is due when it arrives.`)
          : paidBy === 'store_credit' ? `${money(amount)}, paid from your store credit.` : `${money(amount)}, paid by card.`,
    purchaseTotal: (amount: Amount) => `In all: ${money(amount)}.`,

    // cancelling
    cancelWhich: (lines: string) => `Which would you like to cancel? Reply with its number or its name:\n${lines}`,
    cancelOption: (list: Named[], seller: string, amount: Amount) => `${items(list)} from ${seller} (${money(amount)})`,
    cancelPropose: (parts: { items: Named[]; seller: string; amount: Amount }[], total: Amount, cod: boolean) => {
      const what = parts.length === 1
        ? `${items(parts[0]!.items)} from ${parts[0]!.seller} (${money(parts[0]!.amount)})`
        : `${parts.map((p) => `\n• ${items(p.items)} from ${p.seller} (${money(p.amount)})`).join('')}\n`;
      const money_ = cod ? `It is cash on delivery, so nothing has been charged and you will not pay the ${money(total)}.`
        : `The ${money(total)} charged for ${parts.length === 1 ? 'it' : 'them'} is reversed.`;
      return `To confirm: cancel ${what}? ${parts.length === 1 ? 'It has' : 'They have'} not shipped yet. ${money_} Reply "yes" to cancel, or "no" to keep ${parts.length === 1 ? 'it' : 'them'}.`;
    },
    cancelWholePart: (list: Named[]) => `Cancelling cancels the whole package from this seller: ${items(list)}.`,
    cannotCancelToo: (list: Named[], why: string) => `${items(list)} ${why}, so ${list.length === 1 ? 'it stays' : 'they stay'} as ${list.length === 1 ? 'it is' : 'they are'}.`,
    cancelDone: (list: Named[], total: Amount, cod: boolean) =>
      `Done: ${items(list)} ${list.length === 1 ? 'is' : 'are'} cancelled. ${cod ? 'Nothing was charged for it, and you will not pay on delivery.' : `The ${money(total)} charge is reversed.`} It shows in your order history.`,
    nothingToCancel: 'None of your recent orders can still be cancelled: every part has shipped or is closed.',
    shippedCannotCancel: (item: Named, number: string, seller: string, window: number) =>
      `${bold(item)} (${number} from ${seller}) has already shipped, so it can no longer be cancelled. Once it is delivered you can return it within ${days(window)}.`,
    deliveredCannotCancel: (item: Named, delivered: Date) => `${bold(item)} was delivered on ${day(delivered)}, so it can no longer be cancelled.`,
    startReturnQ: 'Shall I start a return for it? Reply "yes" or "no".',
    offerReturn: (closes: Date, seller: string, window: number) =>
      `You can still return it until ${day(closes)} (${seller} takes returns within ${days(window)} of delivery). Shall I start a return? Reply "yes" or "no".`,
    alreadyCancelled: (item: Named, number: string, cod: boolean) =>
      `${bold(item)} (${number}) is already cancelled${cod ? ': nothing was charged for it.' : ', and its charge reversed.'}`,
    alreadyRefunded: (item: Named, number: string) => `${bold(item)} (${number}) was already refunded.`,

    // returning
    returnWhich: (lines: string) => `Which would you like to return? Reply with its number or its name:\n${lines}`,
    returnOption: (item: Named, number: string, closes: Date) => `${bold(item)} — ${number}, returnable until ${day(closes)}`,
    notDeliveredYet: (item: Named, seller: string, window: number) =>
      `${bold(item)} is on its way and has not been delivered yet, so it can't be returned yet. Once it is delivered you have ${days(window)} to return it (${seller}'s return window).`,
    notShippedOfferCancel: (item: Named, amount: Amount) =>
      `${bold(item)} has not been delivered (it has not even shipped), so there is nothing to return yet — but I can cancel it instead (${money(amount)}). Shall I? Reply "yes" or "no".`,
    windowClosed: (item: Named, seller: string, window: number, delivered: Date, closed: Date) =>
      `The return window for ${bold(item)} closed on ${day(closed)}: ${seller} takes returns within ${days(window)} of delivery, and it was delivered on ${day(delivered)}. I can't open a return for it.`,
    returnOpen: (item: Named, id: number, status: 'requested' | 'approved') =>
      `A return of ${bold(item)} is already ${status === 'requested' ? 'requested and waiting for the seller' : 'approved: send it back as the seller asked'} (return request #${id}). You can follow it under Returns on your profile.`,
    alreadyReturned: (item: Named, id: number) => `${bold(item)} was already returned and refunded (return request #${id}).`,
    cancelledNothingToReturn: (item: Named) => `${bold(item)} was cancelled, so there is nothing to return.`,
    earlierDeclined: (note: string) => `(The seller declined an earlier return of it${note ? `: "${note}"` : ''}.)`,
    howMany: (item: Named, left: number) => `How many of ${bold(item)} would you like to return? You can return up to ${n(left)}.`,
    unitsInvalid: (left: number) => `Please reply with a number from 1 to ${n(left)}.`,
    why: (list: string) => `Why are you returning it? Tell me in your own words, or reply with a number:\n${list}`,
    returnPropose: (units: number, item: Named, number: string, seller: string, refund: Amount, cod: boolean, said: string) =>
      `To confirm: return ${n(units)} × ${bold(item)} from ${number} (${seller})${said ? `, because "${said}"` : ''}. Your refund would be ${money(refund)}, ${cod ? 'as store credit (the order was paid cash on delivery)' : 'back to the card you paid with'}. Reply "yes" to open the return request, or "no" to leave everything as it is.`,
    returnOpened: (id: number, refund: Amount) =>
      `Done: return request #${id} is open. The seller reviews it, and once the item is back you get ${money(refund)}. You can follow it under Returns on your profile.`,
    nothingToReturn: 'Nothing from your recent orders has been delivered yet, so there is nothing to return. An order that has not shipped can still be cancelled.',

    // the rules
    /** The returns rule (the shop's own words, SHOP_POLICIES), with the windows of the sellers of the shopper's orders. */
    returnsPolicy: (lines: string[]) => `**${SHOP_POLICIES.returns.title}**: ${SHOP_POLICIES.returns.text}${lines.length ? `\n\nThe sellers of your recent orders:\n${lines.join('\n')}` : ''}`,
    windowLine: (seller: string, window: number) => `• ${seller}: ${days(window)} after delivery.`,
    windowApplied: (item: Named, seller: string, window: number, delivered: Date, closes: Date, left: number) =>
      `${seller} takes returns within ${days(window)} of delivery. ${bold(item)} was delivered on ${day(delivered)}, so you can return it until ${day(closes)} (${days(left)} left).`,
    windowNotStarted: (item: Named, seller: string, window: number) =>
      `${seller} takes returns within ${days(window)} of delivery; ${bold(item)} has not been delivered yet, so the ${days(window)} start when it arrives.`,
    policyOf: (seller: string) => `${seller}'s rules:`,
    policyReturns: (window: number) => `• Returns: within ${days(window)} of delivery.`,
    /** A question about returns only: the seller and its window in one sentence. */
    policyReturnsOf: (seller: string, window: number) => `${seller} takes returns within ${days(window)} of delivery.`,
    policyShipping: (fee: string, above: string) => `• Shipping: ${fee} per order, free above ${above}.`,
    policyEstimate: (min: number, max: number) => `• Delivery: ${min === max ? n(min) : `${n(min)}–${n(max)}`} business days after shipping.`,
    policyNoEstimate: '• Delivery: no estimate given.',
    shipsFree: (name: string, price: string) => `**${name}** costs ${price}, so it ships free on its own.`,
    freeAbove: (name: string, price: string, above: string) => `**${name}** costs ${price}: shipping is free once your order from this seller is above ${above}.`,
    listingSays: (name: string, text: string) => `The listing of **${name}** says: ${text}.`,

    // a person
    handoverSignIn: 'Please sign in and ask again, so the person who answers knows whose orders to look at. You can also reach us through Support.',
    handoverPropose: 'Shall I pass this conversation to a person from our team? They will see this chat and answer you under Support in your account. Reply "yes" or "no".',
    handoverDone: (id: number) =>
      `I've opened support conversation #${id} and attached this chat to it. A person from our team will answer you there (Support, in your account); you can keep chatting here meanwhile.`,
    handoverSubject: 'A person, please (from the assistant chat)',
    handoverIntro: 'The shopper asked the assistant for a person. The chat so far:',
    transcriptShopper: 'Shopper',
    transcriptAssistant: 'Assistant',
  };
}

export type AftersalesPhrases = ReturnType<typeof english>;

function arabic(): AftersalesPhrases {
  const L: Locale = 'ar';
  const money = (a: Amount) => isolate(formatCents(a.cents, a.currency, L));
  const day = (d: Date) => formatDate(d, 'day', L);
  const n = (x: number) => formatCount(x, L);
  const t = isolate;
  const bold = (i: Named) => `${i.quantity && i.quantity > 1 ? `${n(i.quantity)} × ` : ''}**${i.name}**`;
  const items = (list: Named[]) => list.map(bold).join(' و');
  // days counted the Arabic way: يوم واحد، يومان، ٣ أيام، ١١ يومًا
  const days = (x: number) => (x === 1 ? 'يوم واحد' : x === 2 ? 'يومان' : x >= 3 && x <= 10 ? `${n(x)} أيام` : `${n(x)} يومًا`);
  const statusWords: Record<OrderStatus, string> = {
    pending: 'تم استلامه وينتظر تأكيد البائع', confirmed: 'مؤكَّد وقيد التجهيز', processing: 'قيد التغليف للشحن',
    awaiting_payment: 'بانتظار إتمام الدفع بالبطاقة', shipped: 'تم شحنه وهو في الطريق إليك', delivered: 'تم تسليمه', cancelled: 'ملغى', refunded: 'مُسترَد المبلغ',
  };
  const reasons: Record<ReturnReason, string> = {
    damaged: 'وصل تالفًا أو معطّلًا', wrong_item: 'أُرسل منتج غير المطلوب', not_as_described: 'غير مطابق للوصف', no_longer_needed: 'لم أعد بحاجة إليه', other: 'سبب آخر',
  };
  return {
    locale: L, money, day, n, bold, items, statusWords, reasons,
    typed: t,
    list: (lines: string[]) => lines.map((l, i) => `${n(i + 1)}. ${l}`).join('\n'),
    yesOrNo: 'يُرجى الرد بـ«نعم» للمتابعة، أو «لا» لترك كل شيء كما هو.',
    nothingChanged: 'حسنًا، لم أغيّر شيئًا.',
    actionFailed: (m: string) => `تعذّر تنفيذ ذلك: ${t(m)}`,
    signIn: 'يُرجى تسجيل الدخول إلى حسابك ثم سؤالي مجددًا: لا يمكنني الاطلاع إلا على طلبات الشخص المسجّل دخوله.',
    noOrders: 'لم تقدّم أي طلبات بعد. عندما تفعل، اسألني هنا وسأخبرك أين وصلت.',
    orderUnknown: (number: string) =>
      `لم أجد الطلب ${t(number)} في حسابك. يُرجى التحقق من الرقم في تأكيد الطلب، أو اسألني «أين طلباتي؟» لرؤية أحدث طلباتك.`,
    notFound: (words: string) => `لم أجد «${t(words)}» بين طلباتك الأخيرة. أي منتج تقصد؟ اذكر اسمه كما يظهر في طلبك، أو أرسل رقم الطلب.`,

    whereIntro: (purchase: string, parts: number) =>
      parts === 1 ? `طلبك ${t(purchase)}:` : `يصلك طلبك ${t(purchase)} في ${parts === 2 ? 'جزأين' : `${n(parts)} أجزاء`}، جزء من كل بائع:`,
    whereLine: (number: string, seller: string, status: string) => `• ${t(number)} من ${t(seller)}: ${status}.`,
    itemStatus: (list: Named[], number: string, seller: string, status: string) => `${items(list)} (${t(number)} من ${t(seller)}): ${status}.`,
    tracking: (carrier: string, tracking: string) => `شركة الشحن: ${t(carrier)}، رقم التتبع ${t(tracking)}.`,
    expected: (from: Date, to: Date) => (day(from) === day(to) ? `موعد التسليم المتوقع ${day(from)}.` : `موعد التسليم المتوقع بين ${day(from)} و${day(to)}.`),
    promised: (from: Date, to: Date) => (day(from) === day(to) ? `وعدناك عند الدفع بالتسليم في ${day(from)}.` : `وعدناك عند الدفع بالتسليم بين ${day(from)} و${day(to)}.`),
    expectedOnceShipped: (min: number, max: number) =>
      `لم يُشحن بعد: يسلّم البائع خلال ${min === max ? `${n(min)} يوم عمل` : `${n(min)} إلى ${n(max)} أيام عمل`} من الشحن.`,
    noEstimate: (seller: string) => `لم يحدّد ${t(seller)} مدة متوقعة للتوصيل، لذا لا أستطيع أن أذكر لك موعدًا.`,
    deliveredOn: (d: Date) => `تم التسليم في ${day(d)}.`,
    partMoney: (amount: Amount, paidBy: PaidBy, status: OrderStatus) =>
      status === 'cancelled' ? (paidBy === 'cod' ? 'أُلغي: لا شيء عليك مقابله.' : `أُلغي: رُدّ المبلغ المخصوم (${money(amount)}).`)
        : paidBy === 'cod' ? (status === 'delivered' ? `${money(amount)}، سُدّد نقدًا عند الاستلام.` : `${money(amount)}، الدفع عند الاستلام: لم يُخصم شيء بعد، ويُستحق عند وصوله.`)
          : paidBy === 'store_credit' ? `${money(amount)}، سُدّد من رصيدك في المتجر.` : `${money(amount)}، سُدّد بالبطاقة.`,
    purchaseTotal: (amount: Amount) => `المجموع: ${money(amount)}.`,

    cancelWhich: (lines: string) => `أيّها تريد إلغاءه؟ أرسل رقمه أو اسمه:\n${lines}`,
    cancelOption: (list: Named[], seller: string, amount: Amount) => `${items(list)} من ${t(seller)} (${money(amount)})`,
    cancelPropose: (parts: { items: Named[]; seller: string; amount: Amount }[], total: Amount, cod: boolean) => {
      const what = parts.length === 1
        ? `${items(parts[0]!.items)} من ${t(parts[0]!.seller)} (${money(parts[0]!.amount)})`
        : `${parts.map((p) => `\n• ${items(p.items)} من ${t(p.seller)} (${money(p.amount)})`).join('')}\n`;
      const money_ = cod ? `الدفع عند الاستلام، فلم يُخصم شيء ولن تدفع ${money(total)}.` : `ويُعكس المبلغ المخصوم (${money(total)}).`;
      return `للتأكيد: هل أُلغي ${what}؟ ${parts.length === 1 ? 'لم يُشحن' : 'لم تُشحن'} بعد. ${money_} أرسل «نعم» للإلغاء، أو «لا» للإبقاء ${parts.length === 1 ? 'عليه' : 'عليها'}.`;
    },
    cancelWholePart: (list: Named[]) => `الإلغاء يشمل الطرد كله من هذا البائع: ${items(list)}.`,
    cannotCancelToo: (list: Named[], why: string) => `${items(list)}: ${why}، ${list.length === 1 ? 'فيبقى' : 'فتبقى'} كما ${list.length === 1 ? 'هو' : 'هي'}.`,
    cancelDone: (list: Named[], total: Amount, cod: boolean) =>
      `تم: أُلغي ${items(list)}. ${cod ? 'لم يُخصم أي مبلغ، ولن تدفع شيئًا عند الاستلام.' : `ويُعكس المبلغ المخصوم (${money(total)}).`} ستجد ذلك في سجل طلباتك.`,
    nothingToCancel: 'لا يمكن إلغاء أي من طلباتك الأخيرة: كل أجزائها شُحنت أو أُغلقت.',
    shippedCannotCancel: (item: Named, number: string, seller: string, window: number) =>
      `${bold(item)} (${t(number)} من ${t(seller)}) تم شحنه بالفعل، لذا لم يعد إلغاؤه ممكنًا. ويمكنك إرجاعه خلال ${days(window)} بعد تسليمه.`,
    deliveredCannotCancel: (item: Named, delivered: Date) => `${bold(item)} تم تسليمه في ${day(delivered)}، لذا لم يعد إلغاؤه ممكنًا.`,
    startReturnQ: 'هل أبدأ طلب إرجاع له؟ أرسل «نعم» أو «لا».',
    offerReturn: (closes: Date, seller: string, window: number) =>
      `لكن يمكنك إرجاعه حتى ${day(closes)} (يقبل ${t(seller)} الإرجاع خلال ${days(window)} من التسليم). هل أبدأ طلب إرجاع؟ أرسل «نعم» أو «لا».`,
    alreadyCancelled: (item: Named, number: string, cod: boolean) =>
      `${bold(item)} (${t(number)}) ملغى بالفعل${cod ? '، ولم يُخصم أي مبلغ مقابله.' : '، وعُكس المبلغ المخصوم.'}`,
    alreadyRefunded: (item: Named, number: string) => `${bold(item)} (${t(number)}) استُرد مبلغه بالفعل.`,

    returnWhich: (lines: string) => `أيّها تريد إرجاعه؟ أرسل رقمه أو اسمه:\n${lines}`,
    returnOption: (item: Named, number: string, closes: Date) => `${bold(item)} — ${t(number)}، يمكن إرجاعه حتى ${day(closes)}`,
    notDeliveredYet: (item: Named, seller: string, window: number) =>
      `${bold(item)} في الطريق إليك ولم يُسلَّم بعد، لذا لا يمكن إرجاعه الآن. بعد تسليمه يمكنك إرجاعه خلال ${days(window)} (مهلة الإرجاع لدى ${t(seller)}).`,
    notShippedOfferCancel: (item: Named, amount: Amount) =>
      `${bold(item)} لم يُسلَّم بعد (ولم يُشحن أصلًا)، فلا يوجد ما يُرجع الآن — لكن يمكنني إلغاؤه بدلًا من ذلك (${money(amount)}). هل أفعل؟ أرسل «نعم» أو «لا».`,
    windowClosed: (item: Named, seller: string, window: number, delivered: Date, closed: Date) =>
      `انتهت مهلة إرجاع ${bold(item)} في ${day(closed)}: يقبل ${t(seller)} الإرجاع خلال ${days(window)} من التسليم، وقد تم تسليمه في ${day(delivered)}. لا أستطيع فتح طلب إرجاع له.`,
    returnOpen: (item: Named, id: number, status: 'requested' | 'approved') =>
      `يوجد بالفعل طلب إرجاع لـ ${bold(item)} (رقم ${n(id)})، ${status === 'requested' ? 'وهو بانتظار رد البائع' : 'وقد وافق عليه البائع: أرسله كما طلب'}. يمكنك متابعته في قسم المرتجعات في ملفك الشخصي.`,
    alreadyReturned: (item: Named, id: number) => `${bold(item)} سبق أن أُرجع واستُرد مبلغه (طلب الإرجاع رقم ${n(id)}).`,
    cancelledNothingToReturn: (item: Named) => `${bold(item)} ملغى، فلا يوجد ما يُرجع.`,
    earlierDeclined: (note: string) => `(رفض البائع طلب إرجاع سابقًا له${note ? `: «${t(note)}»` : ''}.)`,
    howMany: (item: Named, left: number) => `كم قطعة من ${bold(item)} تريد أن تُرجع؟ يمكنك إرجاع ${n(left)} كحدٍّ أقصى.`,
    unitsInvalid: (left: number) => `يُرجى الرد برقم من ${n(1)} إلى ${n(left)}.`,
    why: (list: string) => `ما سبب الإرجاع؟ اكتبه بكلماتك، أو أرسل رقم السبب:\n${list}`,
    returnPropose: (units: number, item: Named, number: string, seller: string, refund: Amount, cod: boolean, said: string) =>
      `للتأكيد: إرجاع ${n(units)} × ${bold(item)} من الطلب ${t(number)} (${t(seller)})${said ? `، والسبب: «${t(said)}»` : ''}. سيكون المبلغ المسترد ${money(refund)}، ${cod ? 'رصيدًا في المتجر (الطلب مدفوع عند الاستلام)' : 'إلى البطاقة التي دفعت بها'}. أرسل «نعم» لفتح طلب الإرجاع، أو «لا» لترك كل شيء كما هو.`,
    returnOpened: (id: number, refund: Amount) =>
      `تم: فُتح طلب الإرجاع رقم ${n(id)}. سيراجعه البائع، وعند استلام المنتج يُردّ ${money(refund)} إليك. يمكنك متابعته في قسم المرتجعات في ملفك الشخصي.`,
    nothingToReturn: 'لم يُسلَّم أي شيء من طلباتك الأخيرة بعد، فلا يوجد ما يمكن إرجاعه. ويمكنك إلغاء الطلب الذي لم يُشحن بعد.',

    // the shop's own Arabic words (SHOP_POLICIES_AR), quoted like the English answer quotes SHOP_POLICIES: one text of the rule
    returnsPolicy: (lines: string[]) =>
      `**${SHOP_POLICIES_AR.returns.title}**: ${SHOP_POLICIES_AR.returns.text}${lines.length ? `\n\nبائعو طلباتك الأخيرة:\n${lines.join('\n')}` : ''}`,
    windowLine: (seller: string, window: number) => `• ${t(seller)}: ${days(window)} بعد التسليم.`,
    windowApplied: (item: Named, seller: string, window: number, delivered: Date, closes: Date, left: number) =>
      `يقبل ${t(seller)} الإرجاع خلال ${days(window)} من التسليم. تم تسليم ${bold(item)} في ${day(delivered)}، فيمكنك إرجاعه حتى ${day(closes)} (متبقٍّ ${days(left)}).`,
    windowNotStarted: (item: Named, seller: string, window: number) =>
      `يقبل ${t(seller)} الإرجاع خلال ${days(window)} من التسليم؛ ${bold(item)} لم يُسلَّم بعد، فتبدأ المهلة عند وصوله.`,
    policyOf: (seller: string) => `سياسات ${t(seller)}:`,
    policyReturns: (window: number) => `• الإرجاع: خلال ${days(window)} من التسليم.`,
    policyReturnsOf: (seller: string, window: number) => `يقبل ${t(seller)} الإرجاع خلال ${days(window)} من التسليم.`,
    policyShipping: (fee: string, above: string) => `• الشحن: ${t(fee)} للطلب، والطلب الذي يزيد على ${t(above)} شحنه مجاني.`,
    policyEstimate: (min: number, max: number) => `• التوصيل: ${min === max ? n(min) : `من ${n(min)} إلى ${n(max)}`} أيام عمل بعد الشحن.`,
    policyNoEstimate: '• التوصيل: لم تُحدَّد مدة متوقعة.',
    shipsFree: (name: string, price: string) => `سعر **${name}** هو ${t(price)}، لذا يُشحن مجانًا وحده.`,
    freeAbove: (name: string, price: string, above: string) => `سعر **${name}** هو ${t(price)}، وإذا تجاوز طلبك من هذا البائع ${t(above)} فالشحن مجاني.`,
    listingSays: (name: string, text: string) => `يذكر وصف **${name}**: ${t(text)}.`,

    handoverSignIn: 'يُرجى تسجيل الدخول ثم الطلب مجددًا، حتى يعرف الموظف الذي سيرد عليك طلباتِ من يراجع. ويمكنك أيضًا التواصل معنا عبر الدعم.',
    handoverPropose: 'هل أحوّل هذه المحادثة إلى أحد أفراد فريقنا؟ سيطّلع عليها ويرد عليك في قسم الدعم في حسابك. أرسل «نعم» أو «لا».',
    handoverDone: (id: number) =>
      `فتحتُ محادثة الدعم رقم ${n(id)} وأرفقتُ بها هذه المحادثة. سيرد عليك أحد أفراد فريقنا هناك (الدعم، في حسابك)، ويمكنك مواصلة الدردشة هنا في الأثناء.`,
    handoverSubject: 'طلب التحدث إلى موظف (من محادثة المساعد)',
    handoverIntro: 'طلب المتسوق من المساعد التحدث إلى موظف. المحادثة حتى الآن:',
    transcriptShopper: 'المتسوق',
    transcriptAssistant: 'المساعد',
  };
}

const PHRASES: Record<Locale, AftersalesPhrases> = { en: english(), ar: arabic() };

/** The after-sales phrasebook of a reader's language (English for any other). */
export const aftersalesPhrases = (locale: Locale): AftersalesPhrases => PHRASES[locale] ?? PHRASES.en;
