import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminSectionId } from '../sections';

const section = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/**
 * Each dashboard section's screen, loaded (code and data) when the section is first selected (admin §2). One line
 * per section, each section in its own file under sections/; a section not listed shows the spec's placeholder.
 */
export const SECTION_COMPONENTS: Partial<Record<AdminSectionId, LazyExoticComponent<ComponentType>>> = {
  users: section(() => import('./UsersSection').then((m) => ({ default: m.UsersSection }))),
  support: section(() => import('./SupportSection').then((m) => ({ default: m.SupportSection }))),
  'chat-monitor': section(() => import('./ChatMonitorSection').then((m) => ({ default: m.ChatMonitorSection }))),
  notifications: section(() => import('./NotificationsSection').then((m) => ({ default: m.NotificationsSection }))),
  // admin area (issue 9)
  overview: section(() => import('./OverviewSection').then((m) => ({ default: m.OverviewSection }))),
  products: section(() => import('./ProductsSection').then((m) => ({ default: m.ProductsSection }))),
  orders: section(() => import('./OrdersSection').then((m) => ({ default: m.OrdersSection }))),
  payments: section(() => import('./PaymentsSection').then((m) => ({ default: m.PaymentsSection }))),
  'ai-chatbot': section(() => import('./AiChatbotSection').then((m) => ({ default: m.AiChatbotSection }))),
  reports: section(() => import('./ReportsSection').then((m) => ({ default: m.ReportsSection }))),
  // issue 13
  security: section(() => import('./SecuritySection').then((m) => ({ default: m.SecuritySection }))),
  // vendor lifecycle (issue 8/9): verification, profiles, documents, onboarding on a vendor's behalf
  vendors: section(() => import('./VendorsSection').then((m) => ({ default: m.VendorsSection }))),
  // issue 27: agent traffic, block and unblock
  agents: section(() => import('./AgentsSection').then((m) => ({ default: m.AgentsSection }))),
  // issue 28: review moderation
  reviews: section(() => import('./ReviewsSection').then((m) => ({ default: m.ReviewsSection }))),
  // issue 24: revenue, balances, payouts, refunds, the ledger
  finance: section(() => import('./FinanceSection').then((m) => ({ default: m.FinanceSection }))),
  // issue 24: marketplace settings, the commission rates first (decision 0096)
  system: section(() => import('./SystemSection').then((m) => ({ default: m.SystemSection }))),
  // issue 39: campaigns, sellers' promotions and their cost
  promotions: section(() => import('./AdminPromotionsSection').then((m) => ({ default: m.AdminPromotionsSection }))),
};
