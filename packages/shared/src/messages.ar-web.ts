import type { Messages } from './messages-shape.js';
import { formatCount } from './rules/locale.js';

// The Arabic of the MSG texts that browser code reads (issue 26 items 1 and 8): the part of MSG_AR an Arabic page
// loads. The server's own texts (e-mails, push, CSV headers, API errors, which the server translates before they
// reach a page) are in messages.ar.ts, which spreads this part into the whole MSG_AR, so a page in Arabic does not
// carry them (the storefront's first load may grow by at most 15 KB gzip, decision 0112). `WebMessages` is what
// `useMsg()` gives a component: a browser file reading a key that is not here is a type error, and its Arabic moves
// here from messages.ar.ts.
//
// Numbers go through the one formatter in Arabic (Latin digits by default as CLDR has it for the UAE, Arabic-Indic
// when the reader chose them: rules/locale.ts); a count picks its noun by Arabic's six plural forms.

/** A count as the Arabic reader writes it. */
export const n = (value: number): string => formatCount(value, 'ar');
const rules = new Intl.PluralRules('ar');
type Forms = Record<'zero' | 'one' | 'two' | 'few' | 'many' | 'other', string>;
/** The form of `forms` Arabic uses for `count`, its '#' replaced by the count as the reader writes it. */
export const plural = (count: number, forms: Forms): string => forms[rules.select(count) as keyof Forms].replace('#', n(count));
export const chars = (c: number) => plural(c, { zero: '# حرف', one: 'حرف واحد', two: 'حرفين', few: '# أحرف', many: '# حرفًا', other: '# حرف' });

export const MSG_AR_WEB = {
  // Generic / API
  requestFailed: 'تعذّر تنفيذ الطلب',
  unexpectedResponse: 'استجابة غير متوقعة',

  // Security section
  adminCodeCreated: 'تم إنشاء رمز المشرف',
  adminCodeRevoked: 'تم إلغاء رمز المشرف',
  adminSessionRevoked: 'تم إنهاء الجلسة',
  loadAuditFailed: 'تعذّر تحميل سجل التدقيق',
  loadSessionsFailed: 'تعذّر تحميل جلسات المشرفين',
  loadCodesFailed: 'تعذّر تحميل رموز المشرفين',
  loadAttemptsFailed: 'تعذّر تحميل محاولات الدخول',
  noAuditEntries: 'لا توجد قيود في سجل التدقيق',
  noAdminSessions: 'لا توجد جلسات مشرفين نشطة',
  noAdminCodes: 'لا توجد رموز مشرفين بأسماء بعد',
  noAccessAttempts: 'لا توجد محاولات دخول فاشلة',
  userNotAuthenticated: 'المستخدم لم يسجّل الدخول',

  // Chat / assistant
  chatFailure: 'عذرًا، أواجه صعوبة في معالجة طلبك. يمكنك تصفّح المنتجات في الجانب أو إعادة السؤال.',
  productNotFoundInChat: 'لم أجد هذا المنتج. يُرجى ذكر اسم المنتج كما هو.',
  addedToCart: (qty: number, name: string) => `تمت إضافة **${n(qty)} × ${name}** إلى سلتك.`,
  contextCleared: 'تم مسح سياق المحادثة. اسألني عن أي منتج!',
  imageNoMatches: 'لم أجد منتجات قريبة من هذه الصورة. جرّب زاوية أخرى أو صورة أوضح.',
  imageMatches: (count: number) =>
    plural(count, {
      zero: 'لم أجد منتجات مشابهة لصورتك.',
      one: 'وجدتُ منتجًا واحدًا مشابهًا لصورتك.',
      two: 'وجدتُ منتجين مشابهين لصورتك.',
      few: 'وجدتُ # منتجات مشابهة لصورتك.',
      many: 'وجدتُ # منتجًا مشابهًا لصورتك.',
      other: 'وجدتُ # منتج مشابه لصورتك.',
    }),
  homeAddedToCart: (count: number) =>
    plural(count, {
      zero: 'لم تُضف أي قطعة إلى السلة.',
      one: 'تمت إضافة قطعة واحدة إلى السلة!',
      two: 'تمت إضافة قطعتين إلى السلة!',
      few: 'تمت إضافة # قطع إلى السلة!',
      many: 'تمت إضافة # قطعة إلى السلة!',
      other: 'تمت إضافة # قطعة إلى السلة!',
    }),

  // Storefront
  emptyProducts: 'لم يُعثر على منتجات. جرّب البحث عن شيء ما!',
  cartEmpty: 'سلتك فارغة.',
  noDescription: 'لا يتوفر وصف.',
  defaultCategory: 'عام',
  unitsAvailable: (count: number) =>
    plural(count, {
      zero: 'لا توجد وحدات متاحة',
      one: 'وحدة واحدة متاحة',
      two: 'وحدتان متاحتان',
      few: '# وحدات متاحة',
      many: '# وحدة متاحة',
      other: '# وحدة متاحة',
    }),

  // Checkout / orders
  checkoutRequired: 'يُرجى إدخال الاسم والبريد الإلكتروني والعنوان.',
  orderPlaced: (number: string) => `تم تقديم الطلب! رقم الطلب ${number}`,
  orderFailed: 'تعذّر تقديم الطلب',
  variantSoldOut: 'نفدت الكمية',
  variantChoose: (kind: string) => `اختر ${kind}`,

  // UAE VAT
  trnInvalid: 'رقم التسجيل الضريبي مكوّن من 15 رقمًا ويبدأ بـ 100',
  checkoutCompanyLabel: 'الشركة (اختياري)',
  checkoutCompanyHint: 'لإصدار فاتورة ضريبية باسم شركتك',
  checkoutTrnLabel: 'رقم التسجيل الضريبي للشركة (اختياري)',
  checkoutNoVat: 'غير مسجّل في ضريبة القيمة المضافة: بلا ضريبة',
  taxDocumentsHeading: 'الفواتير الضريبية والإشعارات الدائنة',
  taxDocumentsLoading: 'جارٍ تحميل المستندات الضريبية…',
  taxDocumentsNone: 'لا توجد مستندات ضريبية بعد: تصدر الفاتورة الضريبية عند شحن البائع لطلبك.',
  taxDocumentVat: 'ضريبة القيمة المضافة',
  taxDocumentDownload: 'تنزيل ملف PDF',
  taxDocumentCorrects: (number: string) => `تصحيح لـ ${number}`,
  productTaxSection: 'ضريبة القيمة المضافة',
  productTaxCategoryLabel: 'الفئة الضريبية',

  // Profile
  profileLoadFailed: 'تعذّر تحميل الملف الشخصي',
  profileSaveFailed: 'تعذّر الحفظ',
  noOrdersYet: 'لا توجد طلبات بعد',

  // Notifications
  pushUnsupported: 'متصفحك لا يدعم الإشعارات الفورية.',
  notificationsEnabled: 'تم تفعيل الإشعارات',
  notificationsDisabled: 'تم إيقاف الإشعارات',
  notificationsEnabledOk: 'تم تفعيل الإشعارات بنجاح!',
  notificationPermissionDenied: 'تم رفض إذن الإشعارات',
  notificationsEnableFailed: 'تعذّر تفعيل الإشعارات',
  notificationsDisabledOk: 'تم إيقاف الإشعارات بنجاح!',
  preferencesUpdateFailed: 'تعذّر تحديث التفضيلات',
  sendNotificationFailed: 'تعذّر إرسال الإشعار',
  fillTitleAndBody: 'يُرجى إدخال العنوان والنص',

  // Recommendations
  recommendationsFailed: 'تعذّر جلب التوصيات',
  noRecommendations: 'لا توجد توصيات متاحة',
  recommendationsUnavailable: 'تعذّر تحميل التوصيات',
  productsFetchFailed: 'تعذّر جلب المنتجات',
  errorLoadingProducts: (message: string) => `خطأ في تحميل المنتجات: ${message}`,

  // Locker
  lockerAlreadyLocked: 'المنتج مثبّت بالفعل',
  lockerFull: 'يمكنك تثبيت منتجين فقط في الوقت نفسه. ألغِ تثبيت أحدهما أولًا.',
  lockerLoadFailed: 'تعذّر تحميل المنتجات المثبّتة',
  lockerClearConfirm: 'هل تريد بالتأكيد إلغاء تثبيت جميع المنتجات؟',
  lockerOutsideProvider: 'يجب استخدام useProductLocker داخل ProductLockerProvider',

  // Support
  supportSendFailed: 'تعذّر إرسال الرسالة. يُرجى المحاولة مرة أخرى.',
  supportCreateFailed: 'تعذّر إنشاء تذكرة الدعم. يُرجى المحاولة مرة أخرى.',
  supportFetchFailed: 'تعذّر جلب المحادثات',
  supportUpdateFailed: 'تعذّر تحديث المحادثة. يُرجى المحاولة مرة أخرى.',
  supportNoTickets: 'لا توجد تذاكر دعم بعد',
  supportNoTicketsHint: 'انقر على «تذكرة دعم جديدة» للحصول على المساعدة',
  supportEmptyThread: 'لا توجد رسائل بعد. ابدأ المحادثة!',

  // Image search
  imageTooLarge: 'يجب أن يقل حجم الصورة عن 5 ميغابايت',
  imageInvalid: 'يُرجى اختيار ملف صورة صالح',
  imageRequired: 'يُرجى اختيار صورة أولًا',
  imageSearchFailed: 'تعذّر البحث بالصورة. يُرجى المحاولة مرة أخرى.',

  // Vendor
  vendorRequiredProductFields: 'يُرجى تعبئة الحقول المطلوبة: اسم المنتج، العلامة التجارية، الفئة، رمز SKU',
  vendorProductCreateFailed: 'تعذّر إنشاء المنتج. يُرجى مراجعة البيانات والمحاولة مرة أخرى.',
  analyticsLoadFailed: 'تعذّر تحميل التحليلات',
  vendorDataLoadFailed: 'تعذّر تحميل بيانات البائع',
  onboardingFailed: 'تعذّر إكمال التسجيل',
  onboardingSuccess: 'اكتمل تسجيل البائع بنجاح!',
  onboardingIncomplete: 'يُرجى تعبئة جميع الحقول المطلوبة قبل المتابعة',
  fileTooLarge: 'يجب أن يقل حجم الملف عن 10 ميغابايت',
  tradeLicenseType: 'يجب أن تكون الرخصة التجارية ملف PDF أو JPG أو PNG',
  emiratesIdType: 'يجب أن تكون الهوية الإماراتية صورة JPG أو PNG',
  documentRequired: (label: string) => `${label} مطلوب`,
  vendorVerified: 'تم توثيق البائع',
  vendorRejected: 'تم رفض البائع',
  vendorVerifyFailed: (m: string) => `تعذّر تحديث التوثيق: ${m}`,
  documentUpdated: 'تم تحديث المستند',
  documentUpdateFailed: (m: string) => `تعذّر تحديث المستند: ${m}`,
  documentOpenFailed: 'تعذّر فتح المستند',
  vendorProfileSaved: 'تم حفظ ملف البائع',
  vendorProfileSaveFailed: (m: string) => `تعذّر حفظ الملف: ${m}`,
  embedCreateFailed: 'تعذّر إنشاء المنتج',
  embedSaveFailed: 'تم إنشاء المنتج، لكن تعذّر حفظ التضمين',
  embedSaveFailedWith: (err: string) => `تم إنشاء المنتج، لكن تعذّر حفظ التضمين: ${err}`,
  embedSuccess: 'تم إنشاء المنتج وحفظ التضمين!',
  importSuccess: 'تم استيراد المنتج بنجاح!',
  importFailed: (inner: string) => `تعذّر استيراد المنتج: ${inner}`,
  productValidationFailed: (list: string) => `بيانات المنتج غير صالحة: ${list}`,
  validationFailedList: (list: string) => `البيانات غير صالحة: ${list}`,
  clipboardFailed: 'تعذّر النسخ إلى الحافظة',
  priceGreaterThanZero: 'يجب أن يكون السعر رقمًا أكبر من صفر',
  namePriceRequired: 'الاسم والسعر مطلوبان',
  noProductsYet: 'لا توجد منتجات بعد',
  noOrdersFound: 'لم يُعثر على طلبات',
  noOrdersPlacedYet: 'لم تُقدَّم أي طلبات بعد. ستظهر الطلبات هنا عندما يبدأ العملاء بالتسوّق.',
  noOrdersMatch: 'لا توجد طلبات تطابق معايير البحث الحالية. جرّب تعديل عوامل التصفية.',
  vendorNotVerified: 'يجب توثيق حساب البائع قبل أن تتمكن من القيام بذلك',
  productPhotoType: 'يجب أن تكون الصور بصيغة JPEG أو PNG أو WebP',
  imageUrlNotLoading: (url: string) => `لم يتم تحميل هذه الصورة: ${url}. تحقّق من العنوان أو ارفع الصورة بدلًا من ذلك.`,
  productImagesTooMany: (max: number) =>
    `لا يمكن أن يتضمن المنتج أكثر من ${plural(max, { zero: '# صورة', one: 'صورة واحدة', two: 'صورتين', few: '# صور', many: '# صورة', other: '# صورة' })}`,
  arabicTextRequired: 'اكتب هذا الحقل باللغة العربية (أو اتركه فارغًا)',
  arabicContentHint: 'يرى هذه الحقول المتسوقون الذين يقرؤون العربية، وحيث يكون الحقل فارغًا يرون النص الإنجليزي. ويجد البحث العربي المنتج من خلالها.',
  arFieldProductName: 'اسم المنتج',
  arFieldDescription: 'الوصف',
  arFieldBullets: 'النقاط الرئيسية',
  arFieldBulletsHint: 'نقطة في كل سطر.',
  arFieldStoreName: 'اسم المتجر',
  arFieldStoreDescription: 'وصف المتجر',
  vendorArabicProfileHint: 'يرى المتسوقون الذين يقرؤون العربية متجرك بهذه البيانات، وحيث يكون الحقل فارغًا يرون النص الإنجليزي.',
  productVendorRequired: 'اختر البائع الذي يتبعه هذا المنتج',
  commissionTitle: 'العمولة',
  commissionDescription:
    'الأكثر تحديدًا هو المعتمد: نسبة البائع، وإلا فنسبة فئة المنتج، وإلا فالنسبة الافتراضية. وتُثبَّت النسبة السارية على كل بند من بنود الطلب عند تقديمه.',
  commissionRateInvalid: 'أدخل نسبة من 0 إلى 100 % (بخانتين عشريتين على الأكثر)',
  commissionCategoryRequired: 'أدخل فئة',
  commissionVendorRequired: 'اختر بائعًا',
  commissionSaved: (what: string, pct: string) => `${what}: تم حفظ ${pct}. وتسري على الطلبات المقدَّمة من الآن فصاعدًا.`,
  commissionDeleted: (what: string) => `تمت إزالة ${what}: تسري النسبة الأقل تحديدًا التالية.`,
  commissionSaveFailed: (m: string) => `تعذّر حفظ النسبة: ${m}`,
  commissionDeleteFailed: (m: string) => `تعذّرت إزالة النسبة: ${m}`,
  loadCommissionFailed: 'تعذّر تحميل نسب العمولة',
  commissionNoRates: 'لا توجد نسب للفئات أو البائعين بعد: تسري النسبة الافتراضية على كل البنود.',
  commissionDeleteConfirm: (what: string) =>
    `هل تريد إزالة النسبة الخاصة بـ ${what}؟ ستسري النسبة الأقل تحديدًا التالية على الطلبات المقدَّمة من الآن، وتحتفظ الطلبات السابقة بنسبتها.`,
  vendorShippingTitle: 'الشحن والإرجاع',
  vendorShippingDescription:
    'رسوم الشحن لديك وحدّ الشحن المجاني يحدّدان سعر حصتك من كل عملية دفع، وتُحسب مهلة الإرجاع بالأيام من تاريخ التسليم. وتسري التغييرات على الطلبات المقدَّمة من الآن فصاعدًا.',
  vendorShippingSaved: 'تم حفظ إعدادات الشحن والإرجاع',
  vendorShippingFailed: (m: string) => `تعذّر حفظ إعدادات الشحن والإرجاع: ${m}`,
  loadVendorShippingFailed: 'تعذّر تحميل إعدادات الشحن لديك',
  vendorShippingAmountInvalid: 'أدخل مبلغًا يساوي 0 أو أكثر، بخانتين عشريتين على الأكثر',
  vendorShippingDaysInvalid: 'أدخل عدد أيام صحيحًا من 0 إلى 365',
  productArchived: 'لهذا المنتج طلبات، لذا تمت أرشفته بدلًا من حذفه، ليبقى سجل الطلبات كاملًا.',
  embedUnavailable: 'هذا المنتج لم يعد متاحًا',
  noProductsFoundPm: 'لم يُعثر على منتجات',
  pmTryAdjusting: 'جرّب تعديل كلمات البحث',
  pmCreateFirst: 'أنشئ منتجك الأول لتبدأ',
  optimiserApplied: (field: string) => `تم تطبيق ${field} المحسَّن`,
  productCreated: 'تم إنشاء المنتج بنجاح!',
  embedSaved: 'تم حفظ التضمين!',
  noProductsMatch: 'لا توجد منتجات تطابق بحثك',
  addFirstProduct: 'أضف منتجك الأول',

  // Admin
  loadUsersFailed: 'تعذّر تحميل المستخدمين',
  loadVendorsFailed: 'تعذّر تحميل البائعين',
  loadOrdersFailed: 'تعذّر تحميل الطلبات',
  loadProductsFailed: 'تعذّر تحميل المنتجات',
  loadSalesFailed: 'تعذّر تحميل تحليلات المبيعات',
  orderStatusUpdated: 'تم تحديث حالة الطلب بنجاح!',
  vendorAssigned: 'تم تعيين البائع بنجاح!',
  productUpdated: 'تم تحديث المنتج بنجاح!',
  productDeleted: 'تم حذف المنتج بنجاح!',
  updateOrderStatusFailed: (m: string) => `تعذّر تحديث حالة الطلب: ${m}`,
  assignVendorFailed: (m: string) => `تعذّر تعيين البائع: ${m}`,
  updateProductFailed: (m: string) => `تعذّر تحديث المنتج: ${m}`,
  deleteProductFailed: (m: string) => `تعذّر حذف المنتج: ${m}`,
  notificationSent: (m: string) => `تم إرسال الإشعار بنجاح! ${m}`,
  sendNotificationFailedWith: (e: string) => `تعذّر إرسال الإشعار: ${e}`,
  errorSendingNotification: (m: string) => `خطأ في إرسال الإشعار: ${m}`,
  noProductSelected: 'لم يتم اختيار منتج',
  noOrderSelected: 'لم يتم اختيار طلب',
  deleteProductConfirm: 'هل تريد بالتأكيد حذف هذا المنتج؟ لا يمكن التراجع عن هذا الإجراء.',
  pmLoadFailed: 'تعذّر تحميل المنتجات. يُرجى المحاولة مرة أخرى.',
  pmNetworkError: 'خطأ في الشبكة. يُرجى التحقق من اتصالك.',
  pmCreateFailed: 'تعذّر إنشاء المنتج',
  pmUpdateFailed: 'تعذّر تحديث المنتج',
  pmDeleteFailed: 'تعذّر حذف المنتج',
  pmEmbedLimited: 'تم إنشاء المنتج بنجاح! قد تكون وظيفة التضمين محدودة.',
  pmNamePriceRequired: 'اسم المنتج والسعر مطلوبان',
  pmPricePositive: 'يجب أن يكون السعر رقمًا موجبًا',
  pmCreatedEmbedded: 'تم إنشاء المنتج وتضمينه بنجاح! وهو جاهز للاستخدام الخارجي.',
  embedCopied: 'تم نسخ رمز التضمين إلى الحافظة!',
  pmDeleteConfirm: (name: string) => `هل تريد بالتأكيد حذف ${name}؟ لا يمكن التراجع عن هذا الإجراء.`,
  noVendorsFound: 'لم يُعثر على بائعين',
  noUsersFound: 'لم يُعثر على مستخدمين',
  noData: 'لا توجد بيانات',

  // Landing / account shell
  videoDemoComingSoon: 'العرض المرئي قريبًا!',
  loadingUsers: 'جارٍ تحميل المستخدمين...',
  chatGreeting: 'مرحبًا! أنا مساعد التسوّق الذكي. اسألني عن أي منتج، أو اختر منتجًا وقل «أضف اثنين إلى سلتي».',
  chatSuggestions: ['اعرض لي سماعات لاسلكية', 'أفكار هدايا بأقل من 200', 'أي حاسوب محمول أفضل للسفر؟'],
  chatAboutProduct: (name: string) => `أخبرني عن ${name}`,
  quickTellMore: (name: string) => `أخبرني المزيد عن ${name}`,
  quickWorthPrice: (name: string) => `هل يستحق ${name} سعره؟`,
  quickSimilar: (name: string) => `اعرض لي منتجات مشابهة لـ ${name}`,
  quickHowToPurchase: (name: string) => `كيف أشتري ${name}؟`,
  liveUpdatesOff: 'التحديثات المباشرة للطلبات متوقفة. أعد تحميل الصفحة لرؤية آخر حالة.',
  profileSaved: 'تم حفظ الملف الشخصي',
  notificationsDisableFailed: 'تعذّر إيقاف الإشعارات',
  notificationsBlocked: 'الإشعارات محظورة. اسمح بها من إعدادات المتصفح لتفعيلها.',
  testNotificationSent: 'تم إرسال إشعار تجريبي!',
  testNotificationTitle: 'إشعار تجريبي من سوق',
  testNotificationBody: 'الإشعارات تعمل. سنوافيك بآخر مستجدات طلباتك.',
  supportConversationResolved: 'تم حل هذه المحادثة',
  supportNoConversations: 'لا توجد محادثات',
  supportNoMessages: 'لا توجد رسائل بعد',
  supportLoadingConversations: 'جارٍ تحميل المحادثات...',
  supportLoadingMessages: 'جارٍ تحميل الرسائل...',
  supportQuickReplies: {
    greeting: 'مرحبًا! شكرًا لتواصلك مع دعم سوق. كيف يمكنني مساعدتك اليوم؟',
    investigating: 'شكرًا على التفاصيل. أتابع الأمر الآن وسأوافيك بالمستجدات قريبًا.',
    'need info': 'هل يمكنك مشاركة مزيد من التفاصيل، مثل رقم طلبك وما ظهر لك، حتى أتمكن من المساعدة؟',
    resolved: 'تم حل مشكلتك. هل هناك أي شيء آخر يمكنني مساعدتك فيه؟',
    'follow up': 'أتابع معك بخصوص طلبك: هل يعمل كل شيء كما هو متوقع الآن؟',
  },
  chatSupportLabel: 'فريق الدعم',

  // Returns and refunds per line
  returnRejectNoteRequired: 'اذكر سبب رفض طلب الإرجاع',
  returnRequested: 'تم تقديم طلب الإرجاع. سيرد البائع قريبًا.',
  returnsTitle: 'المرتجعات',
  returnsEmpty: 'لا توجد مرتجعات بعد. يمكن إرجاع المنتجات المسلَّمة خلال مهلة الإرجاع لدى البائع.',
  returnableTitle: 'منتجات مسلَّمة يمكنك إرجاعها',
  returnableEmpty: 'لا يوجد ما يمكن إرجاعه حاليًا.',
  returnButton: 'إرجاع',
  returnDialogTitle: (product: string) => `إرجاع ${product}`,
  returnUnitsLabel: 'الوحدات المراد إرجاعها',
  returnUnitsLeft: (left: number, bought: number) => `يمكن إرجاع ${n(left)} من ${n(bought)}`,
  returnReasonLabel: 'السبب',
  returnReasonTextLabel: 'أخبر البائع بالمزيد (اختياري)',
  returnRefundMethodLabel: 'الاسترداد إلى',
  returnSubmit: 'اطلب الإرجاع',
  returnWindowUntil: (date: string) => `الإرجاع حتى ${date}`,
  storeCreditTitle: 'رصيد المتجر',
  returnRefundIssued: (amount: string) => `تم استرداد ${amount}`,
  returnRefundParts: (goods: string, tax: string, shipping: string, commission: string) =>
    `البضاعة ${goods} · الضريبة ${tax} · الشحن ${shipping} · العمولة وضريبتها المستردّتان ${commission}`,
  returnRequestsTitle: 'طلبات الإرجاع',
  returnsOpenTitle: 'مرتجعات بانتظار الرد أو الطرد',
  returnApprove: 'موافقة',
  returnReject: 'رفض',
  returnReceive: 'تأكيد الاستلام',
  returnNoteLabel: 'ملاحظة للمتسوق',
  returnRestockLabel: 'إعادة الوحدات إلى المخزون',
  returnActionFailed: (m: string) => `تعذّر تحديث طلب الإرجاع: ${m}`,
  orderConfirmationSent: (email: string) => `تأكيد الطلب في طريقه إلى ${email}.`,
  orderKeepNumber: 'احتفظ برقم الطلب هذا في سجلاتك.',

  // Admin area
  loadingProducts: 'جارٍ تحميل المنتجات...',
  loadingOrders: 'جارٍ تحميل الطلبات...',
  refreshing: 'جارٍ التحديث...',
  noProductsInSystem: 'لم يُعثر على منتجات. ستظهر المنتجات هنا بعد إضافتها إلى النظام.',
  noProductsMatchFilters: 'لا توجد منتجات تطابق عوامل التصفية الحالية',
  noOrdersYetAdmin: 'لم يُعثر على طلبات. ستظهر الطلبات هنا عندما يبدأ العملاء بالتسوّق.',
  noOrdersFoundAdmin: 'لم يُعثر على طلبات',
  userUpdated: 'تم تحديث المستخدم بنجاح!',
  userDeactivated: 'تم تعطيل المستخدم بنجاح!',
  updateUserFailed: (m: string) => `تعذّر تحديث المستخدم: ${m}`,
  deactivateUserFailed: (m: string) => `تعذّر تعطيل المستخدم: ${m}`,
  deactivateUserConfirm: (who: string) => `هل تريد تعطيل ${who}؟ سيُسجَّل خروجه من كل الأجهزة ولن يتمكن من تسجيل الدخول مجددًا. وتبقى طلباته محفوظة.`,
  priceRangeInvalid: 'يجب ألا يزيد الحد الأدنى للسعر على الحد الأقصى',
  dateRangeInvalid: 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية',

  // Payouts, balances and adjustments
  payoutAccountSaved: 'تم حفظ حساب التحويلات',
  payoutAccountMissing: 'أضف رقم الآيبان في ملفك لتلقّي التحويلات',
  loadEarningsFailed: 'تعذّر تحميل أرباحك',
  loadFinanceFailed: 'تعذّر تحميل الأرقام المالية',
  loadReconciliationFailed: 'تعذّرت قراءة المطابقة',
  loadTransfersFailed: 'تعذّرت قراءة التحويلات',
  noTransfers: 'لا توجد تحويلات بعد',
  loadCardIssuesFailed: 'تعذّرت قراءة نزاعات البطاقات والمبالغ المستردة',
  noLedgerEntries: 'لا توجد قيود في دفتر الأستاذ',
  noPayouts: 'لا توجد تحويلات بعد',
  noPayoutBatches: 'لا توجد دفعات تحويلات بعد',
  payoutBatchCreated: (count: number) =>
    `تم إنشاء دفعة التحويلات: ${plural(count, { zero: 'لا تحويلات', one: 'تحويل واحد', two: 'تحويلان', few: '# تحويلات', many: '# تحويلًا', other: '# تحويل' })}`,
  payoutMarkedPaid: 'تم تأكيد دفع التحويل',
  payoutMarkedFailed: 'تم تسجيل إخفاق التحويل: أُعيد المبلغ إلى رصيد البائع',
  adjustmentPosted: 'تم ترحيل التسوية',
  vendorRevenueHint: 'المبيعات والشحن، مطروحًا منها المبالغ المستردة',
  vendorAnalyticsDescription:
    'كتالوجك ومبيعاتك بالأرقام. الإيرادات هي مبيعاتك وشحنك مطروحًا منها المبالغ المستردة، من دفتر الأستاذ، قبل العمولة؛ والأيام بتوقيت UTC.',
  loadOverviewFailed: 'تعذّر تحميل التحليلات',
  loadChatbotFailed: 'تعذّر تحميل أرقام المساعد الذكي',
  loadPaymentsFailed: 'تعذّر تحميل المدفوعات',

  // Verified reviews and their summary
  reviewReasonRequired: 'اذكر السبب',
  reviewSaved: 'شكرًا لك! تم نشر مراجعتك.',
  reviewReplied: 'تم نشر ردّك.',
  reviewReported: 'شكرًا لك. سيطّلع أحد المشرفين على هذه المراجعة.',
  reviewHidden: 'تم إخفاء المراجعة.',
  reviewRestored: 'أصبحت المراجعة ظاهرة مجددًا.',
  reviewsLoadFailed: 'تعذّر تحميل المراجعات',
  reviewsEmpty: 'لا توجد مراجعات بعد. يمكن للمشترين تقييم المنتج بعد تسليمه.',
  reviewsNoneWithStars: 'لا توجد مراجعات بهذا العدد من النجوم.',
  reviewSummaryIntro: (count: number) =>
    `ما يقوله المشترون، من واقع ${plural(count, { zero: '# مراجعة', one: 'مراجعة واحدة', two: 'مراجعتين', few: '# مراجعات', many: '# مراجعة', other: '# مراجعة' })}`,

  // Price history and price alerts
  priceHistoryTitle: 'السعر خلال آخر 90 يومًا',
  priceHistoryLoadFailed: 'تعذّر تحميل سجل الأسعار',
  priceHistoryLowest: (price: string, day: string) => `أدنى سعر ${price} في ${day}`,
  priceHistoryUnchanged: (price: string) => `بقي السعر ${price} طوال 90 يومًا.`,
  priceAlertLabel: 'نبّهني عندما ينخفض السعر عن',
  priceAlertActive: (price: string) => `التنبيه مفعّل: أقل من ${price}`,
  priceAlertFiredNote: (price: string) => `انخفض إلى ${price}`,
  priceAlertSignIn: 'سجّل الدخول لتحصل على تنبيه بالسعر.',
  priceAlertInvalid: 'أدخل سعرًا بالدرهم أكبر من صفر',
  priceAlertFailed: (m: string) => `تعذّر حفظ التنبيه: ${m}`,
  priceAlertsTitle: 'تنبيهات الأسعار',
  priceAlertsEmpty: 'لا توجد تنبيهات أسعار. اضبط تنبيهًا من صفحة أي منتج.',
  priceAlertPushTitle: (name: string) => `انخفاض في السعر: ${name}`,
  priceAlertPushBody: (price: string, below: string) => `السعر الآن ${price}، أي أقل من ${below} الذي طلبته.`,
  priceAlertRemove: 'إزالة',
  priceAlertSubmit: 'نبّهني',
  priceAlertNow: (price: string) => `الآن ${price}`,

  // Vendor dashboard: orders, analytics, settings
  vendorOrderShipped: (number: string) => `تم تحديد الطلب ${number} كمشحون. ويظهر ذلك للعميل في ملفه الشخصي.`,
  vendorOrderConfirmed: (number: string) => `تم تأكيد الطلب ${number}.`,
  vendorOrderDelivered: (number: string) => `تم تحديد الطلب ${number} كمُسلَّم.`,
  vendorOrderCancelled: (number: string) => `تم إلغاء الطلب ${number}، وعادت كميته إلى مخزون كتالوجك.`,
  trackingRequired: 'أدخل رقم التتبع وشركة الشحن',
  vendorOrderActionFailed: (verb: string, m: string) => `تعذّر ${verb} الطلب: ${m}`,
  exportOrdersFailed: (m: string) => `تعذّر تصدير الطلبات: ${m}`,
  ordersExported: (count: number) =>
    plural(count, {
      zero: 'لم يُصدَّر أي بند من بنود الطلبات إلى ملف CSV.',
      one: 'تم تصدير بند واحد من بنود الطلبات إلى ملف CSV.',
      two: 'تم تصدير بندين من بنود الطلبات إلى ملف CSV.',
      few: 'تم تصدير # بنود من بنود الطلبات إلى ملف CSV.',
      many: 'تم تصدير # بندًا من بنود الطلبات إلى ملف CSV.',
      other: 'تم تصدير # بند من بنود الطلبات إلى ملف CSV.',
    }),
  vendorSettingsSaved: 'تم حفظ الإعدادات',
  vendorSettingsFailed: (m: string) => `تعذّر حفظ الإعدادات: ${m}`,
  loadVendorStatsFailed: 'تعذّر تحميل أرقامك',
  // the optimiser's SEO checks (rules/seo.ts, read by the vendor's SEO panel and the server alike)
  seoTitleShort: (count: number, min: number, max: number) => `طول العنوان ${chars(count)}: اجعله بين ${n(min)} و${n(max)}`,
  seoTitleLong: (count: number, max: number) => `طول العنوان ${chars(count)}: لا تتجاوز ${n(max)}`,
  seoTitleGood: (count: number) => `طول العنوان مناسب (${n(count)})`,
  seoDescriptionShort: (count: number, min: number, max: number) => `طول الوصف ${chars(count)}: اجعله بين ${n(min)} و${n(max)}`,
  seoDescriptionLong: (count: number, max: number) => `طول الوصف ${chars(count)}: لا تتجاوز ${n(max)}`,
  seoDescriptionGood: (count: number) => `طول الوصف مناسب (${n(count)})`,
  seoKeywordCount: (count: number, min: number, max: number) =>
    `${plural(count, { zero: 'لا كلمات مفتاحية', one: 'كلمة مفتاحية واحدة', two: 'كلمتان مفتاحيتان', few: '# كلمات مفتاحية', many: '# كلمة مفتاحية', other: '# كلمة مفتاحية' })}: استخدم من ${n(min)} إلى ${n(max)}`,
  seoKeywordLength: (min: number, max: number, keywords: string) => `يجب أن يكون طول كل كلمة مفتاحية بين ${n(min)} و${n(max)} أحرف: ${keywords}`,
  seoKeywordsGood: (count: number) => `عدد الكلمات المفتاحية مناسب (${n(count)})`,
  seoImages: (count: number) => `فيه ${plural(count, { zero: 'لا صور', one: 'صورة واحدة', two: 'صورتان', few: '# صور', many: '# صورة', other: '# صورة' })}`,
  seoNoImage: 'أضف صورة واحدة للمنتج على الأقل',
  // review aspects (the review summary on the product page)
  reviewAspects: {
    battery: 'عمر البطارية', screen: 'الشاشة', sound: 'الصوت', noise: 'الضوضاء', quality: 'جودة التصنيع', durability: 'المتانة',
    value: 'القيمة مقابل السعر', size: 'المقاس والملاءمة', comfort: 'الراحة', weight: 'الوزن', design: 'التصميم والمظهر',
    performance: 'الأداء', ease: 'سهولة الاستخدام', connectivity: 'الاتصال', camera: 'الكاميرا', material: 'الخامات',
    cleaning: 'التنظيف', smell: 'الرائحة والمذاق', delivery: 'التوصيل والتغليف', service: 'خدمة البائع',
  },
} satisfies Partial<Messages>;

/** The MSG keys browser code reads. */
export type WebMsgKey = keyof typeof MSG_AR_WEB;
/** MSG as a page has it: the keys browser code reads, with MSG's arguments. */
export type WebMessages = Pick<Messages, WebMsgKey>;
