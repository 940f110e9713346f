import type { Messages } from './messages-shape.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { chars, MSG_AR_WEB, n, plural, type WebMsgKey } from './messages.ar-web.js';
import { PARCEL_STATE_LABELS, type ParcelState } from './rules/shipping.js';

// The Arabic of every text in MSG (issue 26 item 1), key by key, with the same arguments. The English texts stay the
// spec's exact words in messages.ts; a reader in Arabic gets these. The type is the whole of Messages, so a key added
// to MSG without its Arabic here (or in messages.ar-web.ts) fails the typecheck.
//
// The texts browser code reads are in messages.ar-web.ts (an Arabic page loads only that part); the server's own
// texts (e-mails, push, CSV headers, errors) are here. Counts use `plural` (Arabic's six forms) and `n` (the one
// formatter), both in messages.ar-web.ts.

const days = (d: number) => plural(d, { zero: '0 يوم', one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' });
const products = (c: number) => plural(c, { zero: '# منتج', one: 'منتج واحد', two: 'منتجان', few: '# منتجات', many: '# منتجًا', other: '# منتج' });
const orderCount = (c: number) => plural(c, { zero: '# طلب', one: 'طلب واحد', two: 'طلبين', few: '# طلبات', many: '# طلبًا', other: '# طلب' });
const activeProducts = (c: number) =>
  plural(c, { zero: '# منتج نشط', one: 'منتج نشط واحد', two: 'منتجين نشطين', few: '# منتجات نشطة', many: '# منتجًا نشطًا', other: '# منتج نشط' });
const units = (c: number) => plural(c, { zero: '# وحدة', one: 'وحدة واحدة', two: 'وحدتين', few: '# وحدات', many: '# وحدة', other: '# وحدة' });

/** The server's own texts. A key browser code reads is written in messages.ar-web.ts only: here it is a type error. */
const SERVER_TEXTS = {
  pageTitle: 'سوق — مساعد التسوق بالذكاء الاصطناعي',
  pageDescription: 'سوق — متجر مفتوح مع مساعد تسوق بالذكاء الاصطناعي.',
  // Generic / API
  notFound: 'غير موجود',
  routeNotFound: 'المسار غير موجود',
  validationFailed: 'البيانات المُدخلة غير صالحة',
  internalError: 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.',
  tooManyRequests: 'طلبات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',

  // Auth
  authRequired: 'يلزم تسجيل الدخول',
  passwordTooShort: `يجب ألا تقل كلمة المرور عن ${PASSWORD_MIN_LENGTH} أحرف`,
  nameRequired: 'الاسم مطلوب',
  emailRequired: 'البريد الإلكتروني مطلوب',
  passwordRequired: 'كلمة المرور مطلوبة',
  companyNameRequired: 'اسم الشركة مطلوب',
  contactNameRequired: 'اسم جهة الاتصال مطلوب',
  messageRequired: 'الرسالة مطلوبة',
  titleRequired: 'العنوان مطلوب',
  bodyRequired: 'نص الإشعار مطلوب',
  addressRequired: 'العنوان مطلوب',
  variantValueRequired: 'قيمة الخيار مطلوبة',
  sessionExpired: 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  forbidden: 'ليست لديك صلاحية للقيام بذلك',
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  emailTaken: 'يوجد حساب مسجّل بهذا البريد الإلكتروني',
  vendorEmailTaken: 'يوجد حساب بائع مسجّل بهذا البريد الإلكتروني',
  invalidAccessCode: 'رمز الدخول غير صحيح',
  adminAccessLocked: (wait: string) => `أُدخلت رموز دخول خاطئة كثيرة. حاول مرة أخرى بعد ${wait}.`,
  adminCodeTooShort: (min: number) =>
    `يجب أن يتكوّن ADMIN_ACCESS_CODE من ${chars(min)} على الأقل (اختر رمزًا عشوائيًا طويلًا، أو اتركه فارغًا ليُنشأ رمز تلقائيًا)`,

  // Security section
  adminNameTaken: 'لدى مشرف بهذا الاسم رمز فعّال. ألغِه أولًا أو اختر اسمًا آخر.',
  adminCodeNotFound: 'رمز المشرف غير موجود',
  adminCodeAlreadyRevoked: 'هذا الرمز ملغى بالفعل',
  adminSessionNotFound: 'الجلسة غير موجودة',

  // Checkout / orders
  emptyCart: 'سلتك فارغة',
  outOfStock: (name: string, available: number) =>
    available > 0
      ? plural(available, {
          zero: `نفدت كمية ${name}`,
          one: `لم تتبقَّ سوى قطعة واحدة من ${name}`,
          two: `لم تتبقَّ سوى قطعتين من ${name}`,
          few: `لم تتبقَّ سوى # قطع من ${name}`,
          many: `لم تتبقَّ سوى # قطعة من ${name}`,
          other: `لم تتبقَّ سوى # قطعة من ${name}`,
        })
      : `نفدت كمية ${name}`,
  productUnavailable: (id: string | number) => `المنتج ${typeof id === 'number' ? n(id) : id} غير متاح`,
  variantUnknown: (product: string, type: string, value: string) => `لا يتوفر ${product} بخيار ${type} «${value}»`,
  idempotencyConflict: 'مفتاح Idempotency-Key هذا استُخدم من قبل لطلب مختلف',
  productNotFound: 'المنتج غير موجود',
  orderNotFound: 'الطلب غير موجود',

  // UAE VAT
  emirateInvalid: 'اختر إحدى الإمارات السبع',
  trnRequired: 'تحتاج المنشأة المسجّلة في ضريبة القيمة المضافة إلى رقم تسجيلها الضريبي (15 رقمًا يبدأ بـ 100)',
  taxDocumentNotFound: 'المستند الضريبي غير موجود',
  taxInvoiceTitle: 'فاتورة ضريبية',
  taxInvoiceTitleAr: 'فاتورة ضريبية',
  simplifiedTaxInvoiceTitle: 'فاتورة ضريبية مبسطة',
  simplifiedTaxInvoiceTitleAr: 'فاتورة ضريبية مبسطة',
  invoiceTitle: 'فاتورة',
  invoiceTitleAr: 'فاتورة',
  taxCreditNoteTitle: 'إشعار دائن ضريبي',
  taxCreditNoteTitleAr: 'إشعار دائن ضريبي',
  creditNoteTitle: 'إشعار دائن',
  creditNoteTitleAr: 'إشعار دائن',
  invoiceAgentNote: (agent: string) => `صادرة عن ${agent} بصفته وكيلًا مُفصحًا عنه باسم المورّد ونيابةً عنه.`,
  notRegisteredNote: 'المورّد غير مسجّل في ضريبة القيمة المضافة: لا تُفرض ضريبة.',
  creditExceedsInvoice: 'لا يمكن أن يستردّ الإشعار الدائن أكثر مما تتضمنه الفاتورة',
  creditReasonCancelled: 'أُلغي الطلب بعد إصدار الفاتورة',
  creditReasonReturned: (reason: string) => `بضاعة مُرتجعة: ${reason}`,
  marketplaceTaxNotConfigured: 'لم يُحدَّد رقم تسجيل ضريبي للسوق: لا تُفرض ضريبة على مبيعاته المباشرة حتى يحدّده أحد المشرفين',

  // Profile
  invalidDob: 'أدخل تاريخ ميلاد صحيحًا',

  // Notifications
  orderUpdatesDisabled: 'الإشعارات غير مفعّلة أو تحديثات الطلبات متوقفة',

  // Support
  supportMarked: (status: string) => `تم تغيير حالة المحادثة إلى ${status}`,

  // Image search
  imageCorrupt: 'تعذّرت قراءة الصورة، وقد تكون تالفة.',

  // Vendor
  invalidFileType: 'نوع الملف غير مسموح به',
  documentUnknownField: (field: string) => `حقل ملف غير معروف «${field}»؛ أرسل trade_license أو emirates_id_front أو emirates_id_back`,
  vendorNotPendingReview: (status: string) => `لا يمكن توثيق بائع أو رفضه إلا إذا كان قيد المراجعة؛ وحالة هذا البائع ${status}`,
  vendorAlreadyOnboarded: 'قدّم هذا البائع مستنداته بالفعل؛ حدّث كل مستند على حدة من ملفه',
  vendorIdRequired: 'يلزم vendor_id عندما يسجّل أحد المشرفين بائعًا',
  emailInvalid: 'أدخل بريدًا إلكترونيًا صحيحًا',
  uploadMalformed: 'انقطع الرفع أو أن النموذج متعدد الأجزاء غير صالح. يُرجى الإرسال مرة أخرى.',
  emailTooLong: (max: number) =>
    `يجب ألا يتجاوز البريد الإلكتروني ${plural(max, { zero: '# حرف', one: 'حرفًا واحدًا', two: 'حرفين', few: '# أحرف', many: '# حرفًا', other: '# حرف' })}`,
  businessTypeInvalid: (types: readonly string[]) => `يجب أن يكون نوع النشاط أحد ما يلي: ${types.join('، ')}`,
  onboardingUnderReview: 'طلب تسجيلك قيد المراجعة. يمكنك تعديله عندما يطلب أحد المشرفين تغييرات.',
  settingsComingSoon: 'إعدادات الحساب والسوق قريبًا...',
  productNameRequired: 'اسم المنتج مطلوب',
  productPriceRequired: 'السعر مطلوب',
  vendorNotFound: 'البائع غير موجود',
  commissionRateNotFound: 'لم تُحدَّد نسبة عمولة لهذه الفئة أو هذا البائع',
  scoreLowStock: (count: number) => `المتوفر ${n(count)} فقط: زِد المخزون إلى 10 أو أكثر`,
  scoreOutOfStock: 'نفد المخزون: أعد التزويد ليُباع',
  scoreRatingUnder45: 'التقييم أقل من 4.5: ردّ على المراجعات وعالج الشكاوى المتكررة',
  scoreRatingUnder40: 'التقييم أقل من 4.0: انظر إلى ما لا يعجب المراجعين',
  scoreNoRating: 'لا تقييم بعد: ادعُ المشترين إلى تقييمه',
  scoreRatingUnder30: 'التقييم أقل من 3.0: راجع الجودة ودقة الوصف',
  scoreUnder50Reviews: 'أقل من 50 مراجعة: اطلب من المشترين مراجعاتهم',
  scoreUnder10Reviews: 'أقل من 10 مراجعات: اطلب من المشترين مراجعاتهم',
  scoreNoReviews: 'لا مراجعات بعد: اطلب من أوائل المشترين مراجعة',
  scoreStale30: 'لم يُحدَّث منذ أكثر من 30 يومًا: جدّد الصور أو السعر أو النص',
  scoreStale90: 'لم يُحدَّث منذ أكثر من 90 يومًا: راجع صفحة المنتج',
  scoreNoComparison: 'لا منتجات مماثلة في فئته لمقارنة السعر بها',
  scorePriceSlightlyAbove: 'السعر أعلى من الوسيط في الفئة بما يصل إلى 10%',
  scorePriceAbove: (pct: number) => `السعر أعلى من الوسيط في الفئة بنسبة ${n(pct)}%: فكّر في سعر أقل`,
  scoreSmallDiscount: 'الخصم بنسبة 10% أو أكثر يزيد المبيعات',
  scoreNoDiscount: 'لا خصم: سعر المقارنة يُظهر للمتسوق ما يوفّره',
  scoreThirdPhoto: 'أضف صورة ثالثة',
  scoreMorePhotos: 'أضف صورًا أكثر (3 أو أكثر)',
  scoreAddPhotos: 'أضف صورًا (3 أو أكثر)',
  scoreAddCategory: 'أضف فئة',
  scoreAddBrand: 'أضف العلامة التجارية',
  scoreAddBrandAndCategory: 'أضف العلامة التجارية وفئة',
  embedVendorMismatch: 'يجب أن يكون vendor_id هو بائع المنتج',

  // Admin
  verificationUpdateFailed: 'تعذّر تحديث حالة التوثيق',

  // Landing / account shell
  searchQueryRequired: 'عبارة البحث مطلوبة',
  chatSessionNotFound: 'جلسة المحادثة غير موجودة',
  chatAssignNotAdmin: 'لا يمكن إسناد المحادثات إلا إلى مشرف',
  chatAdminResponding: 'المشرف يرد',
  supportConversationNotFound: 'المحادثة غير موجودة',
  supportStaffName: 'فريق الدعم',
  supportSystemName: 'النظام',
  chatHumanHandling: 'أحد أعضاء فريق الدعم يتابع هذه المحادثة وسيرد عليك هنا قريبًا.',
  pushEndpointRefused: 'عنوان خدمة الإشعارات هذا غير مسموح به',
  notificationsNotEnabled: 'الإشعارات غير مفعّلة لهذا المستخدم',
  pushSubscribed: 'تم الاشتراك في الإشعارات',
  pushUnsubscribed: 'تم إلغاء الاشتراك في الإشعارات',
  preferencesSaved: 'تم حفظ التفضيلات',
  deliveryReport: (ok: number, failed: number) =>
    `${plural(ok, {
      zero: 'لم يصل الإشعار إلى أي جهاز',
      one: 'وصل الإشعار إلى جهاز واحد',
      two: 'وصل الإشعار إلى جهازين',
      few: 'وصل الإشعار إلى # أجهزة',
      many: 'وصل الإشعار إلى # جهازًا',
      other: 'وصل الإشعار إلى # جهاز',
    })}، وتعذّر الوصول إلى ${plural(failed, { zero: '0 جهاز', one: 'جهاز واحد', two: 'جهازين', few: '# أجهزة', many: '# جهازًا', other: '# جهاز' })}.`,
  orderStatusPush: (number: string, status: string) => `الطلب ${number}: ${status}`,
  orderStatusPushBody: 'افتح ملفك الشخصي لرؤية طلباتك.',
  orderShippedPushBody: (carrier: string, tracking: string) => `تم الشحن مع ${carrier}، ورقم التتبع ${tracking}. افتح ملفك الشخصي لرؤية طلباتك.`,

  // Returns and refunds per line
  returnNotFound: 'طلب الإرجاع غير موجود',
  returnLineNotFound: 'هذا البند ليس جزءًا من هذا الطلب',
  returnNotDelivered: 'لا يمكن إرجاع إلا المنتجات التي تم تسليمها',
  returnWindowClosed: (d: number) => `انتهت مهلة الإرجاع لهذا الطلب، ومدتها ${days(d)}`,
  returnTooManyUnits: (left: number) =>
    left === 0
      ? 'تمت إعادة كل وحدات هذا البند أو طُلبت إعادتها'
      : plural(left, {
          zero: 'تمت إعادة كل وحدات هذا البند أو طُلبت إعادتها',
          one: 'لا يمكن إرجاع سوى وحدة واحدة من هذا البند',
          two: 'لا يمكن إرجاع سوى وحدتين من هذا البند',
          few: 'لا يمكن إرجاع سوى # وحدات من هذا البند',
          many: 'لا يمكن إرجاع سوى # وحدة من هذا البند',
          other: 'لا يمكن إرجاع سوى # وحدة من هذا البند',
        }),
  storeCreditTooLow: 'رصيدك في المتجر لم يعد يغطي هذا المبلغ؛ راجع رصيدك وحاول مرة أخرى',
  storeCreditSignIn: 'سجّل الدخول لاستخدام رصيدك في المتجر',
  refundBankRequired: 'يحتاج الاسترداد بالتحويل البنكي إلى رقم الآيبان واسم صاحب الحساب',
  bankRefundNotFound: 'لم يُعثر على المبلغ المسترد',
  bankRefundWrongStatus: (status: string) => `حالة هذا الاسترداد ${status}؛ لا يمكن تنفيذ هذه الخطوة الآن`,
  bankRefundNoneOwed: 'لا يوجد استرداد مستحق بالتحويل البنكي: لا شيء لإرساله',
  bankRefundFailureReasonRequired: 'اذكر سبب فشل التحويل',
  promoNotFound: 'هذا الرمز غير موجود؛ تحقق منه وحاول مرة أخرى',
  promoPaused: 'هذا الرمز موقوف حاليًا',
  promoNotStarted: 'هذا الرمز لم يبدأ العمل به بعد',
  promoExpired: 'انتهت صلاحية هذا الرمز',
  promoSignIn: 'سجّل الدخول لاستخدام هذا الرمز',
  promoNotYours: 'هذا الرمز صادر لمتسوق آخر',
  promoNoEligibleProducts: 'هذا الرمز لا يشمل المنتجات الموجودة في سلتك',
  promoMinSpend: 'أنفق أكثر على المنتجات التي يشملها هذا الرمز: لم يتحقق الحد الأدنى',
  promoUsedUp: 'نفدت استخدامات هذا الرمز',
  promoAlreadyUsed: 'لقد استخدمت هذا الرمز من قبل',
  // a coupon code typed in the chat: the code is the shopper's Latin text, isolated in the Arabic sentence
  chatCodeApplied: (code: string, amount: string) => `الرمز \u2068${code}\u2069 يخصم ${amount} من سلتك. طبّقته لك، وستجده عند الدفع.`,
  chatCodeRefused: (code: string, reason: string) => `تحققت من الرمز \u2068${code}\u2069 على سلتك. ${reason}.`,
  chatCodeEmptyCart: (code: string) => `سلتك فارغة، فلا شيء يُطبَّق عليه الرمز \u2068${code}\u2069 بعد. أضف المنتجات أولًا، ثم أرسل لي الرمز مرة أخرى أو أدخله عند الدفع.`,
  promoTooManyTries: 'جرّبت رموزًا كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  promoValueOne: 'حدّد إما نسبة مئوية وإما مبلغًا ثابتًا',
  promoEndAfterStart: 'يجب أن تكون النهاية بعد البداية',
  promoDealNoCode: 'العرض لا يحتاج إلى رمز',
  promoCouponNeedsCode: 'القسيمة تحتاج إلى رمز',
  promoOneTimeNoCode: 'الرموز لمرة واحدة تُصدر لكل متسوق على حدة',
  promoCodeShape: 'الرمز من 3 إلى 32 حرفًا أو رقمًا أو شرطة',
  promoSplitPercent: 'التقاسم يحتاج إلى نسبة البائعين',
  promoSplitOptIn: 'يضيف البائعون منتجاتهم بأنفسهم إلى حملة متقاسمة',
  promoCodeTaken: 'هذا الرمز مستخدم بالفعل؛ اختر رمزًا آخر',
  promoNotYourProduct: 'لا يشمل العرض إلا منتجاتك أنت',
  promoProductUnknown: 'أحد هذه المنتجات غير موجود',
  promoNotFoundRow: 'لم يُعثر على العرض',
  promoNotOneTime: 'لا تُصدر الرموز إلا للقسائم ذات الاستخدام الواحد',
  promoNotCampaign: 'لا تقبل الاشتراك إلا حملات المتجر',
  promoUserUnknown: 'لا يوجد متسوق بهذا الرقم',
  orderCancelToCredit: (amount: string) => `أُعيد ${amount} رصيدًا في المتجر`,
  orderCancelToBank: (amount: string) => `${amount} مستحقة الرد بتحويل بنكي`,
  returnRefundMethodRequired: 'اختر طريقة استرداد مبلغ الطلب المدفوع عند التسليم: رصيد في المتجر أو تحويل بنكي',
  returnRefundMethodCardOnly: 'تُسترد مبالغ الطلبات المدفوعة بالبطاقة إلى البطاقة نفسها',
  returnWrongStatus: (status: string) => `حالة طلب الإرجاع هذا ${status}؛ ولا يمكن تنفيذ هذه الخطوة الآن`,
  returnOverRefund: 'هذا المبلغ أكبر مما دُفع لهذا البند ولم يُسترد بعد',
  returnCancelWithRefunds: 'تم استرداد جزء من هذا الطلب عبر الإرجاع؛ لذا لا يمكن إلغاؤه بالكامل',
  orderAwaitingPayment: 'هذا الطلب بانتظار الدفع بالبطاقة: يتابع طريقه عند اعتماد الدفع، أو يُلغى عند انتهاء مهلة الدفع',
  paymentNotFound: 'لم يُعثر على عملية الدفع',
  courierNotFound: 'لم يُعثر على شركة التوصيل',
  courierCodeTaken: 'هذا الرمز مستخدم لشركة توصيل أخرى',
  codNotCashOrder: 'هذا الطلب ليس بالدفع عند الاستلام',
  codRefuseNotShipped: 'لا يُسجَّل رفض الاستلام إلا لطلب مشحون بالدفع عند الاستلام',
  codCardOnly: (refusals: number) => `الدفع عند الاستلام غير متاح بعد رفض الاستلام ${refusals} مرات. يُرجى الدفع بالبطاقة`,
  codRemittanceRejected: 'لم يُستورد شيء: صحّح الصفوف المذكورة وأرسل التوريد كاملًا مرة أخرى',
  codRemittanceEmpty: 'لا يحتوي التوريد على أي صف',
  codRemittanceTooLong: (max: number) => `يحتوي التوريد على ${max} صف على الأكثر`,
  shipmentAlreadyBooked: 'تم حجز شركة شحن لهذا الطلب بالفعل',
  shipmentNotShippable: (status: string) => `لا يمكن حجز شركة شحن إلا لطلب مؤكد أو قيد التجهيز (حالة هذا الطلب ${status})`,
  shipmentNotFound: 'لم تُحجز شركة شحن لهذا الطلب',
  carrierUnavailable: (carrier: string, detail: string) => `لم تقبل ${carrier} الشحنة: ${detail}`,
  webhookRejected: 'الحدث غير موقّع من شركة الشحن',
  returnPickupNotApproved: 'لا يمكن لشركة الشحن استلام إلا مرتجع موافق عليه',
  returnPickupBooked: 'تم حجز استلام لهذا المرتجع بالفعل',
  parcelState: (state: string) => PARCEL_STATE_LABELS[state as ParcelState]?.[1] ?? `حالة الشحنة: ${state}`,
  pushParcelMoved: (order: string, state: string) => `الطلب ${order}: ${state}`,
  codRowColumns: 'المتوقع ثلاثة أعمدة: رقم الطلب، والمبلغ المحصّل بالدرهم، والتاريخ',
  codRowOrderUnknown: (number: string) => `لا يوجد طلب فرعي ${number}`,
  codRowNotCash: (number: string) => `الطلب ${number} ليس بالدفع عند الاستلام`,
  codRowNotCollected: (number: string) => `الطلب ${number} لم يُسلَّم بعد: لا يوجد نقد لتوريده`,
  codRowOtherCourier: (number: string) => `الطلب ${number} تنقله شركة توصيل أخرى`,
  codRowAmount: 'يجب أن يكون المبلغ بالدرهم وبخانتين عشريتين على الأكثر، مثل 125.50',
  codRowDate: 'يجب أن يكون التاريخ يومًا مثل 2026-03-14، وألا يكون في المستقبل',
  codRowTwice: (number: string) => `الطلب ${number} مكرر في هذا التوريد`,
  paymentExpired: 'انتهت مهلة الدفع لهذا الطلب: أُلغي الطلب ولم يُخصم أي مبلغ',
  paymentProviderUnavailable: 'لم يستجب مزوّد الدفع. يُرجى المحاولة مرة أخرى بعد قليل',
  paymentWebhookInvalid: 'فشل التحقق من توقيع الإشعار',
  bankStatementHeader: (header: string) => `يجب أن يبدأ الكشف بسطر العناوين: ${header}`,
  bankStatementLine: (line: number) => `السطر ${n(line)} من الكشف غير صالح: يلزمه تاريخ بصيغة سنة-شهر-يوم (2026-03-31) ومبلغ (-1234.50) وعملة من ثلاثة أحرف ومرجع ووصف`,
  bankStatementEmpty: 'لا توجد أسطر في الكشف',
  bankStatementDuplicate: 'سبق استيراد هذا الكشف',
  orderRefundThroughReturns: 'لا يمكن لتغيير الحالة أن يردّ مالًا. استرد الوحدات عبر الإرجاع، أو ألغِ الطلب لعكسه بالكامل؛ ويمكن وسمه «مُسترد» بعد أن يستعيد العميل كل ما دفعه',
  orderRefundedFinal: 'رُدّ مبلغ هذا الطلب بالكامل؛ لم يعد من الممكن تغيير حالته',
  orderReinstateCredited: 'أُلغي هذا الطلب بعد إصدار فاتورته، وألغى إشعارٌ دائن تلك الفاتورة؛ لا يمكن استعادته (قدّم طلبًا جديدًا بدلًا منه)',
  returnPush: (number: string, status: string) => `إرجاع للطلب ${number}: ${status}`,
  returnPushBody: 'افتح ملفك الشخصي لرؤية طلبات الإرجاع.',
  returnRefundedPushBody: (amount: string) => `تم استرداد ${amount} إليك. افتح ملفك الشخصي لرؤية طلبات الإرجاع.`,
  returnHistory: {
    requested: (units: number, product: string, reason: string) => `طُلب الإرجاع: ${n(units)} × ${product} (${reason})`,
    approved: (units: number, product: string, note: string) => `تمت الموافقة على الإرجاع: ${n(units)} × ${product}${note ? ` — ${note}` : ''}`,
    rejected: (units: number, product: string, note: string) => `رُفض الإرجاع: ${n(units)} × ${product} — ${note}`,
    received: (units: number, product: string, amount: string, restock: boolean) =>
      `تم استلام المرتجع: ${n(units)} × ${product}، واسترداد ${amount}${restock ? '، وأُعيد إلى المخزون' : '، ولم يُعد إلى المخزون'}`,
  },
  storeCreditHint: 'المبالغ المستردة التي اخترت أن تكون رصيدًا في المتجر.',
  dobInFuture: 'لا يمكن أن يكون تاريخ الميلاد في المستقبل',
  purchaseEventsFromOrders: 'تُسجَّل المشتريات من الطلبات المقدَّمة',
  orderMailSubject: (number: string) => `طلبك من سوق رقم ${number}`,
  orderMailGreeting: (name: string) => `مرحبًا ${name}،`,
  orderMailThanks: (number: string) => `شكرًا لطلبك رقم ${number}. لقد استلمناه وسنخبرك عند شحنه.`,
  orderMailItems: 'المنتجات:',
  orderMailSubtotal: 'المجموع الفرعي',
  orderMailShipping: 'الشحن',
  orderMailTotal: 'الإجمالي',
  orderMailTax: `الضريبة (${n(5)}%)`,
  orderMailTaxIncluded: `شامل ضريبة القيمة المضافة (${n(5)}%)`,
  orderMailPayment: (method: string) => `الدفع: ${method}`,
  paymentMethodLabels: { card: 'بطاقة ائتمان/خصم', cod: 'الدفع عند الاستلام', store_credit: 'رصيد في المتجر' },
  orderMailShipTo: (address: string) => `الشحن إلى: ${address}`,
  orderMailQuote: (number: string) => `يُرجى ذكر الرقم ${number} عند التواصل مع الدعم.`,
  orderMailSignature: 'سوق',

  // Admin area
  accountDeactivated: 'تم تعطيل هذا الحساب. يُرجى التواصل مع الدعم إذا كنت تعتقد أن ذلك خطأ.',
  userNotFound: 'المستخدم غير موجود',
  roleNeedsVendorRecord: 'لا يمكن منح دور البائع إلا لحساب له سجل بائع. يسجّل البائعون عبر صفحة تسجيل البائعين.',
  roleVendorHasRecord: 'يملك هذا الحساب سجل بائع، لذا يحتفظ بدور البائع. ارفض البائع أو عطّله بدلًا من ذلك.',
  roleAdminNotAssignable: 'لا يمكن منح دور المشرف لحساب: يسجّل المشرفون الدخول برمز دخول المشرفين.',
  adminAccountLocked: 'لا يمكن تعديل حساب المشرف المدمج أو تعطيله.',
  userAlreadyDeactivated: 'هذا الحساب معطّل بالفعل.',
  userDeactivatedNoEdit: 'لا يمكن تعديل حساب معطّل.',
  nothingToUpdate: 'لا يوجد ما يُحدَّث: أرسل حقلًا واحدًا على الأقل.',
  adminSummaryEmpty: 'الكتالوج فارغ: لم تُضَف أي منتجات بعد، فلا مخزون ولا مبيعات للإبلاغ عنها.',
  adminSummaryActive: (active: number, total: number, share: number) => `النشط ${n(active)} من ${products(total)} (${n(share)}%).`,
  adminSummaryStock: (count: number, value: string) => `في المخزون ${units(count)} بقيمة ${value} بالأسعار الحالية.`,
  adminSummaryLowStock: (count: number, threshold: number) =>
    `مخزون ${activeProducts(count)} منخفض (أقل من ${n(threshold)} وحدات): أعد التزويد قبل نفاد الكمية.`,
  adminSummaryNoLowStock: (threshold: number) => `لا يوجد منتج نشط مخزونه منخفض (أقل من ${n(threshold)} وحدات).`,
  adminSummaryNoOrders: 'لم تصل أي طلبات خلال آخر 30 يومًا.',
  adminSummaryOrders: (count: number, revenue: string, average: string) =>
    `جلبت آخر 30 يومًا ${orderCount(count)} ومبيعات بقيمة ${revenue} (${average} للطلب الواحد).`,
  adminSummaryTopCategory: (category: string) => `الفئة الأكثر مبيعًا: ${category}.`,
  chatTopics: {
    phones: 'الهواتف والأجهزة اللوحية', laptops: 'أجهزة اللابتوب والكمبيوتر', audio: 'الصوتيات', tv: 'التلفزيون والألعاب', home: 'المنزل والمطبخ',
    fashion: 'الأزياء والجمال', sports: 'الرياضة واللياقة', books: 'الكتب والألعاب', prices: 'الأسعار والميزانية', comparisons: 'المقارنات',
    gifts: 'الهدايا والتوصيات', orders: 'الطلبات والتوصيل',
  },
  adminSummaryPending: (count: number) => `عدد الطلبات بانتظار التأكيد: ${n(count)}.`,

  // Payouts, balances and adjustments
  dateInvalid: 'استخدم تاريخًا بصيغة 2025-01-31',
  ibanRequired: 'أدخل رقم الآيبان',
  ibanFormat: 'أدخل رقم آيبان إماراتيًا: AE يليه 21 رقمًا',
  ibanChecksum: 'في رقم الآيبان هذا خطأ في الكتابة (أرقام التحقق فيه غير متطابقة)',
  accountHolderRequired: 'أدخل اسم صاحب الحساب كما هو مسجّل لدى البنك',
  payoutMinimumInvalid: 'أدخل حدًا أدنى بين 0.01 و1,000,000.00',
  reasonRequired: 'اذكر سببًا (3 أحرف على الأقل)',
  adjustmentAmountInvalid: 'أدخل مبلغًا غير صفري لا يتجاوز 1,000,000.00',
  payoutNotFound: 'التحويل غير موجود',
  payoutBatchNotFound: 'دفعة التحويلات غير موجودة',
  payoutNotPending: (status: string) => `لا يمكن تأكيد دفع تحويل أو إخفاقه إلا إذا كان معلّقًا؛ وحالة هذا التحويل ${status}`,
  payoutBatchEmpty: 'لا يوجد بائع لديه رصيد متاح يبلغ الحد الأدنى أو يتجاوزه ولديه حساب للتحويلات',
  payoutAccountNotPending: 'لا يمكن التحقق إلا من حساب تحويلات ينتظر التحقق',
  payoutAccountMissingForVerify: 'ليس لدى هذا البائع حساب تحويلات للتحقق منه',
  payoutAccountChangedSubject: 'تم تغيير حساب التحويلات الخاص بك',
  payoutAccountChangedBody: (iban: string, holder: string, from: string) =>
    `تم تغيير حساب التحويلات الخاص بك إلى ${iban} (${holder}). تبدأ التحويلات إليه بعد أن يتحقق منه فريقنا، وليس قبل ${from}. إن لم تكن أنت من أجرى هذا التغيير فتواصل معنا فورًا.`,
  payoutAccountFailedSubject: 'أخفق تحويل إلى حسابك المصرفي',
  payoutAccountFailedBody: (iban: string, reason: string) =>
    `أعاد بنكك تحويلًا إلى ${iban}: ${reason}. عاد المبلغ إلى رصيدك. لن نرسل أي تحويل إلى هذا الحساب حتى تغيّر بيانات التحويل.`,
  // تحويلات البائعين عبر مزوّد الدفع (القرار 0147)
  sellerAccountNotSupported: 'لا يتيح مزوّد الدفع المستخدم ربط حسابات البائعين: تصلك مستحقاتك بالتحويلات المصرفية',
  sellerAccountMissing: 'اربط أولًا حساب استلام الأموال لدى مزوّد الدفع',
  transferReturnedReason: 'أعاده مزوّد الدفع',
  transferReturnedSubject: 'أُعيد تحويل إلى حسابك لدى مزوّد الدفع',
  transferReturnedBody: (amount: string, orderNumber: string, reason: string) =>
    `عاد مبلغ ${amount} عن الطلب ${orderNumber} من حسابك لدى مزوّد الدفع: ${reason}. عاد المبلغ إلى رصيدك في سوق. أوقفنا التحويلات إلى ذلك الحساب حتى تحدّثه من صفحة الأرباح؛ وإلى ذلك الحين تصلك مستحقاتك بالتحويلات المصرفية إن كان لديك رقم آيبان.`,
  transferReversalRefusedSubject: 'عليك مبلغ مسترد تعذّر استرجاعه',
  transferReversalRefusedBody: (amount: string, orderNumber: string) =>
    `رُدّ مبلغ الطلب ${orderNumber} إلى المشتري بعد أن دُفع لك. رُفض استرجاع ${amount} من حسابك لدى مزوّد الدفع لأن رصيده لا يكفي، فيبقى ${amount} مستحقًا عليك في رصيدك في سوق ويُخصم من تحويلك التالي.`,
  sellerPayoutFailedSubject: 'أخفق سحب من حسابك لدى مزوّد الدفع',
  sellerPayoutFailedBody: (amount: string, reason: string) =>
    `أعاد بنكك سحبًا بمبلغ ${amount} من حسابك لدى مزوّد الدفع: ${reason}. عاد المبلغ إلى رصيدك في سوق. أوقفنا التحويلات حتى تحدّث حسابك من صفحة الأرباح.`,
  statementTooLarge: (max: number) =>
    `أكثر من ${plural(max, { zero: '# قيد', one: 'قيد واحد', two: 'قيدين', few: '# قيود', many: '# قيدًا', other: '# قيد' })} في هذه الفترة: اختر فترة أقصر`,
  dateRangeTooLong: (d: number) =>
    `اختر فترة لا تتجاوز ${plural(d, { zero: '# يوم', one: 'يومًا واحدًا', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' })}`,

  // Verified reviews and their summary
  reviewNotDelivered: 'يمكنك تقييم المنتج بعد تسليمه إليك: بند الشراء هذا ليس ضمن طلب مُسلَّم لك.',
  reviewAlreadyWritten: 'كتبت مراجعة لهذه المشتريات من قبل. عدّل مراجعتك بدلًا من ذلك.',
  reviewEditWindowClosed: (d: number) => `يمكن تعديل المراجعات خلال ${days(d)} من كتابتها؛ ولم يعد بالإمكان تغيير هذه المراجعة.`,
  reviewNotFound: 'المراجعة غير موجودة',
  reviewReplyExists: 'لهذه المراجعة ردّك بالفعل؛ يرد البائع مرة واحدة فقط.',
  reviewOwnVote: 'لا يمكنك التصويت لمراجعتك.',
  reviewAlreadyHidden: 'هذه المراجعة مخفية بالفعل.',
  reviewNotHidden: 'هذه المراجعة ليست مخفية.',
  reviewStarsRange: 'اختر تقييمًا من نجمة واحدة إلى 5 نجوم',
  reviewTitleRequired: 'أعطِ مراجعتك عنوانًا',
  reviewBodyRequired: 'اكتب رأيك في المنتج',
  reviewReplyRequired: 'اكتب ردّك',
  reviewTooLong: (max: number) => `${chars(max)} على الأكثر`,
  reviewPhotosTooMany: (max: number) =>
    `${plural(max, { zero: '# صورة', one: 'صورة واحدة', two: 'صورتان', few: '# صور', many: '# صورة', other: '# صورة' })} على الأكثر لكل مراجعة`,
  reviewUpdated: 'تم تحديث مراجعتك.',
  reviewActionFailed: (m: string) => `تعذّر الحفظ: ${m}`,

  // Price history and price alerts
  priceAlertSet: (price: string) => `إذا انخفض السعر عن ${price} فسننبّهك.`,
  priceAlertRemoved: 'تمت إزالة تنبيه السعر.',
  priceAlertNotBelow: (price: string) => `السعر الحالي ${price} بالفعل: اختر مبلغًا أقل منه.`,
  priceAlertNotFound: 'تنبيه السعر غير موجود',
  priceAlertsTooMany: (max: number) =>
    `لا يمكنك ضبط أكثر من ${plural(max, { zero: '# تنبيه', one: 'تنبيه واحد', two: 'تنبيهين', few: '# تنبيهات', many: '# تنبيهًا', other: '# تنبيه' })} للأسعار؛ احذف أحدها أولًا.`,

  // Vendor dashboard: orders, analytics, settings
  vendorOrderActionFrom: (verb: string, from: readonly string[], status: string) =>
    `لا يمكن ${verb} إلا الطلبات التي حالتها ${from.join(' أو ')}؛ وحالة هذا الطلب ${status}.`,
  shipOrderFailed: (m: string) => `تعذّر شحن الطلب: ${m}`,
  ordersCsvHeader: [
    'رقم الطلب', 'تاريخ الطلب (UTC)', 'الحالة', 'العميل', 'عنوان الشحن', 'المدينة', 'الدولة', 'الرمز البريدي', 'الدفع',
    'المنتج', 'رمز SKU', 'الخيار', 'الكمية', 'سعر الوحدة', 'إجمالي البند', 'العملة',
  ],
  insightsNoProducts: 'لا توجد لديك منتجات في المتجر بعد. أضف منتجك الأول من تبويب المنتجات: تمتلئ هذه الرؤى من كتالوجك وطلباتك.',
  insightsSomeHidden: (total: number, active: number, hidden: number) =>
    `لديك ${products(total)}، النشط منها ${n(active)}؛ ولا يظهر للعملاء ${products(hidden)} حتى تجعلها نشطة.`,
  insightsOneActive: 'منتجك نشط في المتجر.',
  insightsAllActive: (total: number) => `جميع منتجاتك نشطة في المتجر (${products(total)}).`,
  // a sentence does not end on an amount: the dirham's symbol (د.إ.) ends on a full stop of its own
  insightsPrices: (average: string, stockValue: string) => `متوسط أسعارك ${average}، وقيمة المخزون المتوفر لديك ${stockValue} بالأسعار الحالية.`,
  insightsTopCategory: (category: string, count: number) => `أكبر فئاتك ${category} (${products(count)}).`,
  insightsNoCategory: 'لم تُحدَّد فئة لأي من منتجاتك بعد: تساعد الفئة العملاء على إيجاد منتجاتك في البحث والتصفح.',
  insightsLowStock: (count: number, threshold: number) =>
    `المخزون أقل من ${n(threshold)} لدى ${activeProducts(count)}: أعد التزويد قبل نفاد الكمية.`,
  insightsNoSales: (start: string, end: string) => `لا مبيعات من ${start} إلى ${end}.`,
  insightsSales: (start: string, end: string, sold: number, orders: number, revenue: string, perOrder: string) =>
    `من ${start} إلى ${end} بعت ${units(sold)} في ${orderCount(orders)} بقيمة ${revenue} (${perOrder} للطلب الواحد).`,
  insightsBestSeller: (name: string, revenue: string, sold: number) => `الأكثر مبيعًا: ${name} بإيرادات ${revenue} من ${units(sold)}.`,
  insightsBestDay: (day: string, revenue: string) => `حققت أعلى إيراداتك (${revenue}) في ${day}.`,
  insightsRevenueLevel: 'بقيت الإيرادات ثابتة بين النصف الأول والنصف الثاني من الفترة.',
  insightsRevenueChange: (change: number) =>
    `${change > 0 ? 'ارتفعت' : 'انخفضت'} الإيرادات في النصف الثاني من الفترة بنسبة ${n(Math.abs(change))}% عن النصف الأول.`,
  insightsRevenueLateOnly: 'جاءت كل الإيرادات في النصف الثاني من الفترة.',
  assistantOrdersSignIn: 'يُرجى تسجيل الدخول إلى حسابك ثم سؤالي مجددًا: لا يمكنني الاطلاع إلا على طلبات الشخص المسجّل دخوله.',
  assistantNoOrders: 'لم تقدّم أي طلبات بعد. عندما تفعل، اسألني هنا وسأخبرك أين وصلت.',
  assistantOrderUnknown: (orderNumber: string) =>
    `لم أجد الطلب ${orderNumber} في حسابك. يُرجى التحقق من الرقم في تأكيد الطلب (يبدو هكذا: SQ-250310-7KX4M)، أو اسألني «أين طلباتي؟» لرؤية أحدث طلباتك.`,

  // Shopping assistant after the purchase (decision 0107; the assistant's own answers are in its phrasebook, decision 0127)
  assistantCancelTooLate: (status: string) => `حالة هذا الطلب الآن: ${status}، لذا لم يعد إلغاؤه ممكنًا؛ ويمكنك إرجاعه بعد تسليمه.`,

  // the optimiser's activity log (a vendor screen reads it as the server wrote it)
  optimiserActivitySettings: (autoOptimize: boolean, monitoring: boolean, drafts: boolean) =>
    `تم تحديث الإعدادات: التحسين التلقائي ${autoOptimize ? 'مفعّل' : 'متوقف'}، ومراقبة الأداء ${monitoring ? 'مفعّلة' : 'متوقفة'}، والمسودات ${drafts ? 'مشمولة' : 'مستبعدة'}`,
  optimiserActivityRun: (count: number, average: number, below: number, threshold: number) =>
    `تم تحليل ${products(count)}: متوسط الدرجة ${n(average)}، وما دون ${n(threshold)} منها ${n(below)}`,
  optimiserActivityApplied: (part: 'title' | 'description' | 'keywords', product: string) =>
    `تم تطبيق ${{ title: 'العنوان المحسَّن', description: 'الوصف المحسَّن', keywords: 'الكلمات المفتاحية المحسَّنة' }[part]} على «${product}»`,

  // Commission invoices and the PINT AE export (issue 25 items 5 and 6, decision 0108)
  commissionLine: (orderNumber: string) => `عمولة السوق على الطلب ${orderNumber}`,
  commissionInvoiceNote: (period: string) => `العمولة وضريبة القيمة المضافة عليها عن ${period}، من دفتر حسابات السوق.`,
  commissionCreditReason: (period: string) => `عمولة مُستردّة في ${period} عن المبالغ المستردة والإلغاءات`,
  periodInvalid: 'الفترة شهر بصيغة السنة ثم الشهر، مثل 2026-11',
  periodNotClosed: 'تُصدر فاتورة العمولة بعد انتهاء الشهر',
  pintNotBusiness: 'لا تُصدَّر بصيغة PINT AE إلا المستندات بين الشركات (للبائع والمشتري كليهما رقم تسجيل ضريبي)',
  // UAE addresses and the delivery promise (decision 0151)
  addressPhoneInvalid: 'أدخل رقم هاتف إماراتيًا، مثل 050 123 4567 أو ‎+971 4 123 4567',
  addressMakaniInvalid: 'رقم مكاني 10 أرقام كما على لوحة المبنى (12345 67890)',
  addressPinOutsideUae: 'يجب أن يكون موقع الخريطة داخل الإمارات (خط العرض 22.5–26.5، خط الطول 51–56.5)',
  addressPinIncomplete: 'أدخل خط العرض وخط الطول معًا، أو اتركهما فارغين',
  addressAreaRequired: 'المنطقة مطلوبة',
  addressStreetRequired: 'الشارع أو المبنى مطلوب',
  addressNotFound: 'العنوان غير موجود',
  addressBookFull: (max: number) => `يتسع دفتر العناوين لـ ${max} عنوانًا على الأكثر: احذف أحدها أولًا`,
  addressSignIn: 'سجّل الدخول لاستخدام عنوان محفوظ',
  holidayDateInvalid: 'العطلة تاريخ مثل 2026-12-02',
  holidayExists: 'هذا التاريخ عطلة بالفعل',
  holidayNotFound: 'لا توجد عطلة في هذا التاريخ',
  cutoffTimeInvalid: 'وقت الإغلاق وقت مثل 14:00 (نظام 24 ساعة، بتوقيت دبي)',
  performanceLevelRange: 'المستوى بين 0 و10000 نقطة أساس (من 0 ٪ إلى 100 ٪)',
  performanceLevelsOrder: 'يجب أن يسبق مستوى التنبيه مستوى الإيقاف',
  performanceMinOrders: 'الحد الأدنى لعدد الطلبات بين 1 و1000',
  performanceLiftNote: 'اذكر ما تمت مراجعته قبل رفع الإيقاف',
  performanceNotPaused: 'منتجات هذا البائع غير موقوفة',
  listingsPaused: 'منتجاتك موقوفة بسبب معدلات أدائك حتى يراجعها مشرف',
  performanceRateNames: {
    late_shipment: 'معدل الشحن المتأخر', cancellation: 'معدل الإلغاء', valid_tracking: 'معدل التتبع الموثّق',
    on_time_delivery: 'معدل التوصيل في الموعد', return: 'معدل الإرجاع',
  },
  performanceWarnedPushTitle: 'أداؤك كبائع يحتاج إلى انتباه',
  performancePausedPushTitle: 'منتجاتك موقوفة',
  performancePushBody: (rates: string) => `تجاوز المستوى: ${rates}. راجع «الأداء» في لوحة التحكم.`,
} satisfies { [K in keyof Messages]?: K extends WebMsgKey ? never : Messages[K] };

export const MSG_AR: Messages = { ...MSG_AR_WEB, ...SERVER_TEXTS };
