import type { ParcelState } from '../../db/schema/shipping.js';
import { CarrierError, major, type BookInput, type Booking, type Carrier, type TrackingEvent } from './carrier.js';

// Aramex's Shipping Services API and Tracking API, JSON flavour (decision 0150): POST to
// {base}/ShippingAPI.V2/Shipping/Service_1_0.svc/json/{CreateShipments|PrintLabel|CreatePickup} and
// {base}/ShippingAPI.V2/Tracking/Service_1_0.svc/json/TrackShipments, every body carrying ClientInfo, every answer
// carrying HasErrors and Notifications [{Code, Message}]. Dates are WCF JSON dates ("/Date(ms)/"). Aramex does not push
// tracking: Souq polls TrackShipments.

export type AramexCredentials = {
  userName: string; password: string; accountNumber: string; accountPin: string; accountEntity: string; accountCountryCode: string;
};

export const ARAMEX_SHIPPING = '/ShippingAPI.V2/Shipping/Service_1_0.svc/json';
export const ARAMEX_TRACKING = '/ShippingAPI.V2/Tracking/Service_1_0.svc/json';

/** Aramex's update codes as Souq reads them (the codes beyond these stay in the history without moving the parcel). */
export const ARAMEX_UPDATE_CODES: Record<string, ParcelState> = {
  SH012: 'picked_up',
  SH047: 'in_transit',
  SH003: 'out_for_delivery',
  SH005: 'delivered',
  SH033: 'delivery_failed',
  SH043: 'rescheduled',
  SH069: 'returned_to_sender',
};

export const wcfDate = (ms: number) => `/Date(${ms})/`;
export function parseWcfDate(value: unknown): Date | null {
  const m = typeof value === 'string' ? /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value) : null;
  return m ? new Date(Number(m[1])) : null;
}

type Notification = { Code: string; Message: string };
type Answer = { HasErrors: boolean; Notifications: Notification[] | null };

const party = (p: BookInput['sender'], accountNumber: string | null) => ({
  Reference1: '', AccountNumber: accountNumber ?? '',
  PartyAddress: { Line1: p.lines[0] ?? '', Line2: p.lines[1] ?? '', Line3: p.lines[2] ?? '', City: p.city, StateOrProvinceCode: '', PostCode: '', CountryCode: 'AE' },
  Contact: { PersonName: p.name, CompanyName: p.name, PhoneNumber1: p.phone, CellPhone: p.phone, EmailAddress: '' },
});

export function createAramexCarrier(deps: { baseUrl: string; credentials: AramexCredentials; fetch?: typeof fetch }): Carrier & {
  printLabel(waybill: string): Promise<string | null>;
  request<T extends Answer>(path: string, body: object): Promise<T>;
} {
  const doFetch = deps.fetch ?? fetch;
  const c = deps.credentials;
  const clientInfo = {
    UserName: c.userName, Password: c.password, Version: 'v1.0', AccountNumber: c.accountNumber, AccountPin: c.accountPin,
    AccountEntity: c.accountEntity, AccountCountryCode: c.accountCountryCode, Source: 24,
  };

  async function request<T extends Answer>(path: string, body: object): Promise<T> {
    const res = await doFetch(`${deps.baseUrl}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ClientInfo: clientInfo, ...body }), signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: T;
    try {
      json = JSON.parse(text) as T;
    } catch {
      throw new CarrierError('aramex', `HTTP ${res.status}: not JSON`);
    }
    if (!res.ok || json.HasErrors) throw new CarrierError('aramex', (json.Notifications ?? []).map((n) => `${n.Code} ${n.Message}`).join('; ') || `HTTP ${res.status}`);
    return json;
  }

  async function printLabel(waybill: string): Promise<string | null> {
    const r = await request<Answer & { ShipmentLabel: { LabelURL: string | null } | null }>(`${ARAMEX_SHIPPING}/PrintLabel`, {
      ShipmentNumber: waybill, ProductGroup: 'DOM', OriginEntity: c.accountEntity, LabelInfo: { ReportID: 9729, ReportType: 'URL' },
      Transaction: { Reference1: '', Reference2: '', Reference3: '', Reference4: '', Reference5: '' },
    });
    return r.ShipmentLabel?.LabelURL ?? null;
  }

  return {
    code: 'aramex',
    request,
    printLabel,
    async book(input: BookInput): Promise<Booking> {
      const ready = input.readyAt.getTime();
      const cod = input.codCents > 0;
      const shipment = {
        Reference1: input.reference, Reference2: input.kind, Reference3: '',
        Shipper: party(input.sender, input.kind === 'outbound' ? c.accountNumber : null),
        Consignee: party(input.receiver, input.kind === 'return' ? c.accountNumber : null),
        ShippingDateTime: wcfDate(ready), DueDate: wcfDate(ready + 2 * 86_400_000), Comments: input.reference, PickupLocation: 'Reception',
        Details: {
          ActualWeight: { Value: input.weightGrams / 1000, Unit: 'KG' }, ChargeableWeight: null,
          DescriptionOfGoods: input.description.slice(0, 100), GoodsOriginCountry: 'AE', NumberOfPieces: input.pieces,
          ProductGroup: 'DOM', ProductType: 'ONP', PaymentType: input.kind === 'return' ? 'C' : 'P', PaymentOptions: '',
          CashOnDeliveryAmount: cod ? { Value: major(input.codCents), CurrencyCode: input.currency } : null,
          Services: cod ? 'CODS' : '',
        },
      };
      const created = await request<Answer & { Shipments: { ID: string; Reference1: string; HasErrors: boolean; Notifications: Notification[]; ShipmentLabel: { LabelURL: string | null } | null }[] }>(
        `${ARAMEX_SHIPPING}/CreateShipments`,
        { LabelInfo: { ReportID: 9729, ReportType: 'URL' }, Shipments: [shipment], Transaction: { Reference1: input.reference, Reference2: '', Reference3: '', Reference4: '', Reference5: '' } },
      );
      const made = created.Shipments?.[0];
      if (!made || made.HasErrors || !made.ID) throw new CarrierError('aramex', (made?.Notifications ?? []).map((n) => `${n.Code} ${n.Message}`).join('; ') || 'no shipment created');
      const pickup = await request<Answer & { ProcessedPickup: { ID: string; GUID: string } | null }>(`${ARAMEX_SHIPPING}/CreatePickup`, {
        LabelInfo: { ReportID: 9201, ReportType: 'URL' },
        Pickup: {
          PickupAddress: party(input.sender, null).PartyAddress, PickupContact: party(input.sender, null).Contact, PickupLocation: 'Reception',
          PickupDate: wcfDate(ready), ReadyTime: wcfDate(ready), LastPickupTime: wcfDate(ready + 6 * 3_600_000), ClosingTime: wcfDate(ready + 8 * 3_600_000),
          Comments: input.reference, Reference1: input.reference, Reference2: '', Vehicle: 'Car', Status: 'Ready',
          Shipments: null, PickupItems: [{
            ProductGroup: 'DOM', ProductType: 'ONP', NumberOfShipments: 1, PackageType: 'Box', Payment: 'P',
            ShipmentWeight: { Value: input.weightGrams / 1000, Unit: 'KG' }, NumberOfPieces: input.pieces,
          }],
        },
        Transaction: { Reference1: input.reference, Reference2: '', Reference3: '', Reference4: '', Reference5: '' },
      });
      return { waybill: made.ID, carrierRef: null, pickupRef: pickup.ProcessedPickup?.ID ?? null, labelUrl: made.ShipmentLabel?.LabelURL ?? null };
    },
    async track(waybills: string[]): Promise<TrackingEvent[]> {
      if (!waybills.length) return [];
      const r = await request<Answer & { TrackingResults: { Key: string; Value: { WaybillNumber: string; UpdateCode: string; UpdateDescription: string; UpdateDateTime: string; Comments: string; ProblemCode: string }[] }[] }>(
        `${ARAMEX_TRACKING}/TrackShipments`,
        { Shipments: waybills, GetLastTrackingUpdateOnly: false, Transaction: { Reference1: '', Reference2: '', Reference3: '', Reference4: '', Reference5: '' } },
      );
      const out: TrackingEvent[] = [];
      for (const result of r.TrackingResults ?? []) {
        for (const u of result.Value ?? []) {
          const state = ARAMEX_UPDATE_CODES[u.UpdateCode];
          const at = parseWcfDate(u.UpdateDateTime);
          if (!state || !at) continue;
          // Aramex gives an update no id of its own: the waybill, the code and the moment name it
          out.push({ eventId: `${u.WaybillNumber}:${u.UpdateCode}:${at.getTime()}`, waybill: u.WaybillNumber, state, occurredAt: at, reason: u.Comments || u.ProblemCode || null, payload: u });
        }
      }
      return out;
    },
  };
}
