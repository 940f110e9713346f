import { create } from 'zustand';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { readJson, remove, writeJson } from '@/lib/storage';
import {
  addCategory,
  makeBudget,
  parseBudget,
  parseHistory,
  parsePreferences,
  parseProduct,
  parseStringList,
  recordSearch,
  recordView,
  type Budget,
  type HistoryEntry,
  type PanelProduct,
  type Preferences,
} from './context-rules';

/**
 * The side panel's assistant context (customer spec §3), each part persisted under its own prefixed key:
 * preferences, history, searches, categories, budget and locked_product (the chat's focus).
 */
type AssistantContextState = {
  preferences: Preferences;
  history: HistoryEntry[];
  searches: string[];
  categories: string[];
  budget: Budget | null;
  /** The product the chat is locked onto (focus), or none. */
  lockedProduct: PanelProduct | null;
  updatePreferences: (patch: Record<string, unknown>) => void;
  viewProduct: (product: PanelProduct) => void;
  /** Records a search; false when it was blank after trimming. */
  addSearch: (query: string) => boolean;
  /** Adds a favourite category; false when it was already there. */
  addFavouriteCategory: (category: string) => boolean;
  removeFavouriteCategory: (category: string) => void;
  setBudget: (budget: { min?: number | null; max?: number | null; currency?: string }) => void;
  /** Locks the chat onto a product (also recorded in the history), or clears the focus with null. */
  focusProduct: (product: PanelProduct | null) => void;
};

function loadFocus(): PanelProduct | null {
  const raw = readJson<unknown>(STORAGE_KEYS.lockedProduct, null);
  if (raw === null) return null;
  const product = parseProduct(raw);
  // invalid stored focus data resets it to none (spec §8)
  if (!product) remove(STORAGE_KEYS.lockedProduct);
  return product;
}

export const useAssistantContextStore = create<AssistantContextState>()((set, get) => ({
  preferences: parsePreferences(readJson(STORAGE_KEYS.preferences, null)),
  history: parseHistory(readJson(STORAGE_KEYS.history, null)),
  searches: parseStringList(readJson(STORAGE_KEYS.searches, null)),
  categories: parseStringList(readJson(STORAGE_KEYS.categories, null)),
  budget: parseBudget(readJson(STORAGE_KEYS.budget, null)),
  lockedProduct: loadFocus(),

  updatePreferences: (patch) => {
    const preferences = { ...get().preferences, ...patch, updatedAt: new Date().toISOString() };
    writeJson(STORAGE_KEYS.preferences, preferences);
    set({ preferences });
  },
  viewProduct: (product) => {
    const history = recordView(get().history, product);
    writeJson(STORAGE_KEYS.history, history);
    set({ history });
  },
  addSearch: (query) => {
    const searches = recordSearch(get().searches, query);
    if (!searches) return false;
    writeJson(STORAGE_KEYS.searches, searches);
    set({ searches });
    return true;
  },
  addFavouriteCategory: (category) => {
    const categories = addCategory(get().categories, category);
    if (!categories) return false;
    writeJson(STORAGE_KEYS.categories, categories);
    set({ categories });
    return true;
  },
  removeFavouriteCategory: (category) => {
    const categories = get().categories.filter((c) => c.toLowerCase() !== category.toLowerCase());
    writeJson(STORAGE_KEYS.categories, categories);
    set({ categories });
  },
  setBudget: (input) => {
    const budget = makeBudget(input);
    writeJson(STORAGE_KEYS.budget, budget);
    set({ budget });
  },
  focusProduct: (product) => {
    if (!product) {
      remove(STORAGE_KEYS.lockedProduct);
      set({ lockedProduct: null });
      return;
    }
    const focus: PanelProduct = { id: product.id, name: product.name, price: product.price, category: product.category, image: product.image };
    writeJson(STORAGE_KEYS.lockedProduct, focus);
    set({ lockedProduct: focus });
    get().viewProduct(product);
  },
}));
