// oidc-provider 9 ships no types (and @types/oidc-provider lags behind it): the parts Souq uses, typed loosely.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Ctx = unknown;
  export type Client = { clientId: string; clientName?: string; clientUri?: string; grantTypeAllowed(type: string): boolean };
  export type Interaction = {
    uid: string;
    exp: number;
    returnTo: string;
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    prompt: { name: string; details: Record<string, unknown> };
    session?: { accountId?: string };
    grantId?: string;
    result?: unknown;
    save(ttl: number): Promise<string>;
  };
  export type Grant = {
    jti: string;
    accountId: string;
    clientId: string;
    iat?: number;
    resources?: Record<string, string>;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  };
  export type AccessToken = {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    scope?: string;
    aud?: string | string[];
    isExpired: boolean;
  };
  export type Configuration = Record<string, unknown> & {
    features?: Record<string, unknown>;
    issueRefreshToken?: (ctx: Ctx, client: Client, code: unknown) => Promise<boolean>;
    rotateRefreshToken?: (ctx: Ctx) => boolean;
    expiresWithSession?: (ctx: Ctx, code: unknown) => Promise<boolean>;
    interactions?: { url: (ctx: Ctx, interaction: Interaction) => string };
    findAccount?: (ctx: Ctx, sub: string) => Promise<{ accountId: string; claims: () => Record<string, unknown> }>;
    renderError?: (ctx: { type: string; body: unknown }, out: { error: string; error_description?: string }, error: unknown) => Promise<void>;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Interaction: { find(uid: string): Promise<Interaction | undefined> };
    Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    Client: { find(id: string): Promise<Client | undefined> };
    AccessToken: { find(token: string): Promise<AccessToken | undefined> };
  }
}
