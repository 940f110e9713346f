import type { Messages } from './messages-for.js';

// The Arabic of every text in MSG (issue 26 item 1), key by key, with the same arguments. The English texts stay the
// spec's exact words in messages.ts; a reader in Arabic gets these. Until every key is here a missing one falls back
// to English (messagesFor); the test beside messages-for.ts lists what is missing.
export const MSG_AR: Partial<Messages> = {
  // Shopping assistant after the purchase (issue 28 item 3, decision 0107)
  assistantOrdersSignIn: 'يُرجى تسجيل الدخول إلى حسابك ثم اسألني مجددًا: لا أطّلع إلا على طلبات الشخص المسجَّل دخوله.',
  assistantNoOrders: 'لم تقدّم أي طلب بعد. عندما تطلب شيئًا، اسألني هنا وسأخبرك بمكانه.',
  assistantOrderUnknown: (orderNumber: string) =>
    `لم أجد الطلب ${orderNumber} في حسابك. يُرجى التحقق من الرقم في تأكيد الطلب (يبدو هكذا: SQ-250310-7KX4M)، أو اسألني «أين طلبي؟» لعرض أحدث طلباتك.`,
  assistantStatusWords: {
    pending: 'تم استلامه وينتظر تأكيد البائع', confirmed: 'مؤكَّد وقيد التجهيز', processing: 'قيد التغليف للشحن',
    shipped: 'تم شحنه وهو في الطريق إليك', delivered: 'تم تسليمه', cancelled: 'ملغى', refunded: 'مُسترَد المبلغ',
  },
  assistantWhereIntro: (purchase: string, parts: number) =>
    parts === 1 ? `طلبك ${purchase}:` : `يصلك طلبك ${purchase} في ${parts === 2 ? 'جزأين' : `${parts} أجزاء`}، جزء من كل بائع:`,
  assistantWhereLine: (number: string, seller: string, status: string) => `• ${number} من ${seller}: ${status}.`,
  assistantWhereTracking: (carrier: string, tracking: string) => `شركة الشحن: ${carrier}، رقم التتبع ${tracking}.`,
  assistantWhereExpected: (from: string, to: string) => (from === to ? `موعد التسليم المتوقع ${from}.` : `موعد التسليم المتوقع بين ${from} و${to}.`),
  assistantWhereExpectedOnceShipped: (min: number, max: number) =>
    min === max ? `يسلّم البائع خلال ${min} يوم عمل من الشحن.` : `يسلّم البائع خلال ${min} إلى ${max} أيام عمل من الشحن.`,
  assistantWhereNoEstimate: (seller: string) => `لم يحدّد ${seller} مدة متوقعة للتوصيل، لذا لا أستطيع أن أذكر لك موعدًا.`,
  assistantWhereDelivered: (date: string) => `تم التسليم في ${date}.`,
  assistantReturnWhich: (list: string) => `أي منتج تريد إرجاعه؟ أرسل رقمه:\n${list}`,
  assistantReturnNoMatch: (words: string) => `لم أجد «${words}» بين المنتجات المسلَّمة في طلباتك الأخيرة.`,
  assistantReturnNothingDelivered: 'لم يُسلَّم أي شيء من طلباتك الأخيرة بعد، فلا يوجد ما يمكن إرجاعه. ويمكنك إلغاء الطلب الذي لم يُشحن بعد.',
  assistantReturnNotDelivered: (name: string, number: string) => `لم يُسلَّم ${name} (${number}) بعد، لذا لا يمكن إرجاعه الآن.`,
  assistantReturnWindowClosed: (name: string, days: number, date: string) =>
    `انتهت مهلة إرجاع ${name} في ${date} (${days} يومًا من التسليم)، لذا لا أستطيع فتح طلب إرجاع له.`,
  assistantReturnAllTaken: (name: string) => `جميع وحدات ${name} مشمولة بالفعل في طلب إرجاع.`,
  assistantReturnHowMany: (name: string, left: number) => `كم قطعة من ${name} تريد أن تُرجع؟ يمكنك إرجاع ${left} كحدٍّ أقصى.`,
  assistantReturnUnitsInvalid: (left: number) => `يُرجى الرد برقم من 1 إلى ${left}.`,
  assistantReturnWhy: (list: string) => `ما سبب الإرجاع؟ أرسل رقم السبب، أو اكتبه بكلماتك:\n${list}`,
  assistantReturnReasons: {
    damaged: 'وصل تالفًا أو معطّلًا', wrong_item: 'أُرسل منتج غير المطلوب', not_as_described: 'غير مطابق للوصف', no_longer_needed: 'لم أعد بحاجة إليه', other: 'سبب آخر',
  },
  assistantReturnConfirm: (units: number, name: string, number: string, refund: string, method: string) =>
    `للتأكيد: إرجاع ${units} × ${name} من الطلب ${number}. سيكون المبلغ المسترد ${refund}، ${method}. أرسل «نعم» لفتح طلب الإرجاع، أو «لا» لترك كل شيء كما هو.`,
  assistantRefundToCard: 'إلى البطاقة التي دفعت بها',
  assistantRefundStoreCredit: 'رصيدًا في المتجر (طلب بالدفع عند الاستلام)',
  assistantReturnOpened: (id: number, refund: string) =>
    `تم: فُتح طلب الإرجاع رقم ${id}. سيراجعه البائع، وعند استلام المنتج يُردّ إليك ${refund}. يمكنك متابعته في قسم المرتجعات في ملفك الشخصي.`,
  assistantActionFailed: (m: string) => `تعذّر تنفيذ ذلك: ${m}`,
  assistantNothingChanged: 'حسنًا، لم أغيّر شيئًا.',
  assistantYesOrNo: 'يُرجى الرد بـ«نعم» للمتابعة، أو «لا» لترك كل شيء كما هو.',
  assistantCancelWhich: (list: string) => `أي جزء تريد إلغاءه؟ أرسل رقمه:\n${list}`,
  assistantCancelConfirm: (number: string, seller: string, total: string) =>
    `للتأكيد: هل تريد إلغاء الطلب ${number} من ${seller} (${total})؟ لم يُشحن بعد. أرسل «نعم» لإلغائه، أو «لا» للإبقاء عليه.`,
  assistantCancelTooLate: (status: string) => `حالة هذا الطلب الآن: ${status}، لذا لم يعد إلغاؤه ممكنًا؛ ويمكنك إرجاعه بعد تسليمه.`,
  assistantCancelShipped: (number: string, status: string) => `حالة الطلب ${number}: ${status}، لذا لم يعد إلغاؤه ممكنًا. ويمكنك إرجاعه بعد تسليمه.`,
  assistantCancelDone: (number: string, total: string) => `تم: أُلغي الطلب ${number}، ويُعكس المبلغ الذي دفعته له وقدره ${total}. ستجد ذلك في سجل طلباتك.`,
  assistantNothingToCancel: 'لا يمكن إلغاء أي من طلباتك الأخيرة: كل أجزائها شُحنت أو أُغلقت.',
  assistantPolicyOf: (seller: string) => `سياسات ${seller}:`,
  assistantPolicyReturns: (days: number) => `• الإرجاع: خلال ${days} يومًا من التسليم.`,
  assistantPolicyShipping: (fee: string, above: string) => `• الشحن: ${fee} للطلب، ومجاني للطلبات التي تزيد على ${above}.`,
  assistantPolicyEstimate: (min: number, max: number) => `• التوصيل: ${min === max ? `${min}` : `من ${min} إلى ${max}`} أيام عمل بعد الشحن.`,
  assistantPolicyNoEstimate: '• التوصيل: لم تُحدَّد مدة متوقعة.',
  assistantHandoverSignIn: 'يُرجى تسجيل الدخول ثم الطلب مجددًا، حتى يعرف الموظف الذي سيرد عليك طلباتِ من يراجع. ويمكنك أيضًا التواصل معنا عبر الدعم.',
  assistantHandoverDone: (id: number) =>
    `فتحتُ محادثة الدعم رقم ${id} وأرفقتُ بها هذه المحادثة. سيرد عليك أحد أفراد فريقنا هناك (الدعم، في حسابك)، ويمكنك مواصلة الدردشة هنا في الأثناء.`,
  assistantHandoverSubject: 'طلب التحدث إلى موظف (من محادثة المساعد)',
  assistantHandoverIntro: 'طلب المتسوق من المساعد التحدث إلى موظف. المحادثة حتى الآن:',
  assistantTranscriptShopper: 'المتسوق',
  assistantTranscriptAssistant: 'المساعد',
};
