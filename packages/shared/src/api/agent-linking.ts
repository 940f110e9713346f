import { z } from 'zod';

/**
 * Identity linking for agents (issue 27 item 5, decision 0097): OAuth 2.0 authorization code + PKCE served by
 * oidc-provider under OAUTH_PATH; the shopper's consent is the web page CONNECT_PATH.
 */
export const OAUTH_PATH = '/oauth';
export const CONNECT_PATH = '/connect';

/** The scopes as UCP identity linking spells them on the wire ('{capability}:{scope}'). */
export const AGENT_SCOPES = {
  ordersRead: 'dev.ucp.shopping.order:read',
  ordersPlace: 'dev.ucp.shopping.checkout:complete',
} as const;
export type AgentScope = (typeof AGENT_SCOPES)[keyof typeof AGENT_SCOPES];
export const AGENT_SCOPE_LIST: AgentScope[] = [AGENT_SCOPES.ordersRead, AGENT_SCOPES.ordersPlace];

/** Token lifetimes (seconds): short access tokens, refresh tokens rotated on every use. */
export const OAUTH_TTL = { accessToken: 600, refreshToken: 30 * 24 * 3600, authorizationCode: 60, interaction: 600, grant: 30 * 24 * 3600 } as const;

/** Requests per minute per linked shopper, across all their agents (each agent also has its own budget). */
export const UCP_SHOPPER_RATE_PER_MINUTE = 60;

/** GET /api/connect/{uid}: what the consent page shows. The agent's name is the client's own text: shown as data. */
export const connectDetailsSchema = z.object({
  uid: z.string(),
  client: z.object({ id: z.string(), name: z.string(), uri: z.string().nullable() }),
  scopes: z.array(z.string()),
});
export type ConnectDetails = z.infer<typeof connectDetailsSchema>;

export const connectUidParamSchema = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });
export const connectDecisionSchema = z.object({ allow: z.boolean() }).strict();
/** Where the browser goes next: back to the authorization server, which redirects to the agent. */
export const connectResultSchema = z.object({ redirect_to: z.string() });

/** GET /api/my/assistants: the shopper's linked agents. */
export const connectedAssistantSchema = z.object({
  grant_id: z.string(),
  client_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  linked_at: z.string(),
});
export type ConnectedAssistant = z.infer<typeof connectedAssistantSchema>;
export const connectedAssistantsSchema = z.object({ assistants: z.array(connectedAssistantSchema) });
export const grantIdParamSchema = z.object({ grantId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });

/** The UCP capability that declares identity linking in the business profile. */
export const UCP_IDENTITY_LINKING = 'dev.ucp.common.identity_linking';

export type ConnectLanguage = 'en' | 'ar';

/** What each scope lets an agent do, as the consent page and Connected assistants say it. */
export const AGENT_SCOPE_TEXT: Record<ConnectLanguage, Record<AgentScope, string>> = {
  en: {
    [AGENT_SCOPES.ordersRead]: 'See your orders, their status and tracking',
    [AGENT_SCOPES.ordersPlace]: 'Place orders for you (you pay on delivery or with the demo card)',
  },
  ar: {
    [AGENT_SCOPES.ordersRead]: 'الاطلاع على طلباتك وحالتها وتتبع الشحن',
    [AGENT_SCOPES.ordersPlace]: 'تقديم الطلبات نيابةً عنك (الدفع عند الاستلام أو بالبطاقة التجريبية)',
  },
};

/** The consent page and the Connected assistants section, in the shopper's language. */
export const CONNECT_TEXT = {
  en: {
    title: 'Connect an assistant',
    asks: 'wants to connect to your Souq account.',
    willBeAbleTo: 'It will be able to:',
    notAble: 'It will never see your password or card details. You can disconnect it at any time from your profile.',
    allow: 'Allow',
    deny: 'Deny',
    working: 'One moment…',
    expired: 'This request has expired. Ask the assistant to start again.',
    failed: 'Something went wrong. Please try again.',
    connectedTitle: 'Connected assistants',
    connectedNone: 'No assistants are connected to your account.',
    linkedOn: (date: string) => `Connected ${date}`,
    disconnect: 'Disconnect',
    disconnected: 'Assistant disconnected',
  },
  ar: {
    title: 'ربط مساعد',
    asks: 'يطلب الربط بحسابك في سوق.',
    willBeAbleTo: 'سيتمكن من:',
    notAble: 'لن يرى كلمة المرور أو بيانات بطاقتك أبداً. يمكنك إلغاء الربط في أي وقت من ملفك الشخصي.',
    allow: 'السماح',
    deny: 'الرفض',
    working: 'لحظة…',
    expired: 'انتهت صلاحية هذا الطلب. اطلب من المساعد البدء من جديد.',
    failed: 'حدث خطأ ما. حاول مرة أخرى.',
    connectedTitle: 'المساعدون المرتبطون',
    connectedNone: 'لا يوجد مساعدون مرتبطون بحسابك.',
    linkedOn: (date: string) => `تم الربط ${date}`,
    disconnect: 'إلغاء الربط',
    disconnected: 'تم إلغاء ربط المساعد',
  },
} as const;

/** The shopper's language from the browser's (Arabic when it asks for it, else English). */
export const connectLanguage = (languages: readonly string[]): ConnectLanguage =>
  languages.some((l) => l.toLowerCase().startsWith('ar')) ? 'ar' : 'en';

/**
 * A row of the admin's Agents list (decision 0130): `agent` is the identity (a profile's origin, or `client:<id>`);
 * `signed` whether its last request's signature verified; `last_seen` when it last called.
 */
export type AdminAgentRow = {
  agent: string; name: string | null; profile_url: string | null; signed: boolean; requests: number; checkouts: number; orders: number;
  last_seen: string | null; blocked: boolean; reason: string | null;
};
/** GET /api/admin/agents: a page of agents, most recently seen first, and how many match. */
export type AdminAgentsPage = { agents: AdminAgentRow[]; total: number; page: number; page_size: number };
export const ADMIN_AGENTS_PAGE_SIZE = 25;
