// The marketplace's terms of service and privacy notice (decision 0130): what Souq does, in the words a buyer reads,
// in English and Arabic. Agents must show them (the UCP release's checkout `links`: "Mandatory for legal compliance");
// they describe the product as built — the rules quoted here are the ones checkout, returns and accounts apply.
import { RETURN_WINDOW_DAYS_DEFAULT } from '../constants.js';

export type LegalDocKey = 'terms' | 'privacy';
export type LegalDoc = { title: string; updated: string; sections: { heading: string; text: string }[] };

export const LEGAL_PATHS: Record<LegalDocKey, string> = { terms: '/legal/terms', privacy: '/legal/privacy' };
export const LEGAL_LINK_TYPES: Record<LegalDocKey, string> = { terms: 'terms_of_service', privacy: 'privacy_policy' };

const UPDATED = '2026-11-28';

export const LEGAL_DOCS: Record<LegalDocKey, { en: LegalDoc; ar: LegalDoc }> = {
  terms: {
    en: {
      title: 'Souq terms of service',
      updated: UPDATED,
      sections: [
        { heading: 'Who sells', text: 'Souq is a marketplace in the United Arab Emirates. Each product is sold by the vendor named on it, who is the seller of record for its part of your purchase; products marked as sold by Souq are sold by the marketplace itself.' },
        { heading: 'Prices and VAT', text: 'Prices are in UAE dirhams and include VAT at 5% where the seller is VAT-registered. The total you confirm at checkout is the total you pay.' },
        { heading: 'Shipping', text: "Each seller ships its own part of a purchase and charges its own shipping fee, which is free above that seller's threshold. Each part has its own order number, status and tracking." },
        { heading: 'Payment', text: 'You pay cash on delivery or by card. Card payment in this demonstration marketplace charges no card.' },
        { heading: 'Returns and refunds', text: `You may return an item within the seller's return window (${RETURN_WINDOW_DAYS_DEFAULT} days unless the seller offers longer), counted from delivery, unused and in its original packaging. The refund of the item's price goes to your original payment method once the return reaches the seller.` },
        { heading: 'Cancellations', text: 'You can cancel an order, from your profile or through the assistant, until it ships; a cancelled order is not charged.' },
        { heading: 'Assistants and agents', text: 'You may shop through an AI assistant or another agent. An agent you link to your account acts only within the permissions you grant, and you can disconnect it from your profile at any time.' },
        { heading: 'Contact', text: 'Questions about an order go to support from your profile, naming the order number.' },
      ],
    },
    ar: {
      title: 'شروط خدمة سوق',
      updated: UPDATED,
      sections: [
        { heading: 'من يبيع', text: 'سوق متجر إلكتروني متعدد البائعين في الإمارات العربية المتحدة. يبيع كل منتج البائعُ المذكور عليه، وهو البائع المسؤول عن جزئه من مشترياتك؛ أما المنتجات المذكور أن سوق يبيعها فيبيعها المتجر نفسه.' },
        { heading: 'الأسعار وضريبة القيمة المضافة', text: 'الأسعار بالدرهم الإماراتي وتشمل ضريبة القيمة المضافة بنسبة 5% حين يكون البائع مسجلًا فيها. المبلغ الإجمالي الذي تؤكده عند الدفع هو ما تدفعه.' },
        { heading: 'الشحن', text: 'يشحن كل بائع جزءه من المشتريات ويتقاضى رسوم شحنه الخاصة، وهي مجانية فوق الحد الذي يحدده. ولكل جزء رقم طلب وحالة وتتبع خاصة به.' },
        { heading: 'الدفع', text: 'تدفع نقدًا عند الاستلام أو بالبطاقة. الدفع بالبطاقة في هذا المتجر التجريبي لا يخصم شيئًا من أي بطاقة.' },
        { heading: 'الإرجاع والاسترداد', text: `يمكنك إرجاع المنتج خلال مدة الإرجاع لدى البائع (${RETURN_WINDOW_DAYS_DEFAULT} يومًا ما لم يمنح البائع مدة أطول) من تاريخ التسليم، غير مستعمل وفي عبوته الأصلية. ويُرد ثمن المنتج إلى وسيلة الدفع الأصلية حين يصل المرتجع إلى البائع.` },
        { heading: 'الإلغاء', text: 'يمكنك إلغاء الطلب من ملفك الشخصي أو عبر المساعد حتى يُشحن؛ ولا يُحاسب على الطلب الملغى.' },
        { heading: 'المساعدون والوكلاء', text: 'يمكنك التسوق عبر مساعد ذكي أو وكيل آخر. الوكيل الذي تربطه بحسابك لا يتصرف إلا ضمن الصلاحيات التي تمنحها، ويمكنك فصله من ملفك الشخصي في أي وقت.' },
        { heading: 'التواصل', text: 'أسئلة الطلبات تُرسل إلى الدعم من ملفك الشخصي مع ذكر رقم الطلب.' },
      ],
    },
  },
  privacy: {
    en: {
      title: 'Souq privacy notice',
      updated: UPDATED,
      sections: [
        { heading: 'What we keep', text: 'Your name, email address and, if you give them, phone number and addresses; a hash of your password, never the password; your orders, returns, reviews, support conversations and assistant chats.' },
        { heading: 'Why', text: 'To deliver your orders (your name, address and phone go to the seller of each part), to answer you, to keep the tax records the UAE requires, and to keep the marketplace safe.' },
        { heading: 'Payments', text: 'Card details are never stored by Souq and never pass through an agent.' },
        { heading: 'Agents', text: 'An agent you link sees only what you allowed (for example, your orders) and each of its reads and purchases is recorded. Disconnecting it from your profile ends its access at once.' },
        { heading: 'How long', text: 'Account data while your account exists; order and tax records for the five years UAE tax law requires; sign-in records for the shortest time they are needed.' },
        { heading: 'Your rights', text: 'You can see and correct your details in your profile, and ask support for a copy of your data or its deletion where the law does not require us to keep it.' },
      ],
    },
    ar: {
      title: 'إشعار الخصوصية في سوق',
      updated: UPDATED,
      sections: [
        { heading: 'ما نحتفظ به', text: 'اسمك وبريدك الإلكتروني، ورقم هاتفك وعناوينك إن قدمتها؛ وبصمة كلمة مرورك لا كلمة المرور نفسها؛ وطلباتك ومرتجعاتك وتقييماتك ومحادثات الدعم ومحادثات المساعد.' },
        { heading: 'لماذا', text: 'لتوصيل طلباتك (يصل اسمك وعنوانك وهاتفك إلى بائع كل جزء)، وللرد عليك، ولحفظ السجلات الضريبية التي تفرضها الإمارات، ولحماية المتجر.' },
        { heading: 'الدفع', text: 'لا يحتفظ سوق ببيانات البطاقات أبدًا، ولا تمر عبر أي وكيل.' },
        { heading: 'الوكلاء', text: 'الوكيل الذي تربطه بحسابك لا يرى إلا ما سمحت به (طلباتك مثلًا)، وتُسجل كل قراءة وكل عملية شراء يقوم بها. وفصله من ملفك الشخصي ينهي وصوله فورًا.' },
        { heading: 'المدة', text: 'بيانات الحساب ما دام حسابك قائمًا؛ وسجلات الطلبات والضرائب خمس سنوات كما يفرض قانون الضرائب الإماراتي؛ وسجلات الدخول أقصر مدة يُحتاج إليها.' },
        { heading: 'حقوقك', text: 'يمكنك الاطلاع على بياناتك وتصحيحها من ملفك الشخصي، وطلب نسخة منها أو حذفها من الدعم ما لم يُلزمنا القانون بالاحتفاظ بها.' },
      ],
    },
  },
};
