import type {
  AdminOrderDetail, AdminProductDetail, AdminProductUpdate, AdminUserDetail, AssignVendorRequest, OrderStatusUpdate,
} from '@souq/shared/api/admin';
import type { Actor } from '../../platform/audit.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { ProductPatch } from '../catalogue/product-values.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { ReportsService } from '../reports/reports.service.js';

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * The admin dashboard's actions: each write goes to the module that owns the data (with the admin as the audit
 * actor) and answers what the screen shows next, read back through the reports read model.
 */
export function createAdminService(deps: {
  accounts: AccountsService;
  orders: OrdersService;
  catalogue: CatalogueService;
  reports: ReportsService;
  /** Throws 404 'Vendor not found' for an unknown vendor (the vendors module). */
  checkVendor: (vendorId: number) => Promise<unknown>;
}) {
  const { accounts, orders, catalogue, reports } = deps;
  return {
    async userDetail(userId: number): Promise<AdminUserDetail> {
      const [user, activity] = await Promise.all([accounts.adminUser(userId), reports.userActivity(userId)]);
      return { user, ...activity };
    },

    async setOrderStatus(orderId: number, body: OrderStatusUpdate, actor: Actor): Promise<AdminOrderDetail> {
      const account = body.refund_bank_account;
      await orders.setStatus(orderId, body.status, {
        actor, notes: body.notes,
        ...(account ? { refundTo: { method: 'bank_transfer' as const, iban: account.iban, accountHolder: account.account_holder } } : {}),
      });
      return reports.orders.detail(orderId);
    },

    async assignVendor(orderId: number, body: AssignVendorRequest, actor: Actor) {
      const { vendor } = await orders.assignVendor(orderId, body.vendor_id, { actor });
      return {
        vendor_id: vendor?.id ?? null,
        company_name: vendor?.company_name ?? null,
        contact_name: vendor?.contact_name ?? null,
        order: await reports.orders.row(orderId),
      };
    },

    /** The edit modal (admin §5): price in cents, stock, Active/Inactive, a vendor or none (checked to exist). */
    async editProduct(productId: number, body: AdminProductUpdate, actor: Actor): Promise<AdminProductDetail> {
      if (body.vendor_id) await deps.checkVendor(body.vendor_id);
      const patch: ProductPatch = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.price_cents !== undefined && { priceCents: body.price_cents }),
        ...(body.stock_quantity !== undefined && { stock: body.stock_quantity }),
        ...(body.is_active !== undefined && { status: body.is_active ? 'active' : 'inactive' }),
        ...(body.vendor_id !== undefined && { vendorId: body.vendor_id }),
      };
      await catalogue.editProduct(productId, patch, { actor });
      return reports.products.detail(productId);
    },
  };
}
