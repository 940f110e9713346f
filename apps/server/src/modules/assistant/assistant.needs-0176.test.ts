import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { everydayListings, seedNeedCatalogue, type NeedSeed } from '../../../test/need-catalogue.js';
import { wordsAsNouns } from './assistant.needs.js';

// Decision 0176: a need told by an activity is answered by the listings whose own text says that activity, each asked
// word weighed by how few listings say it (search/query-needs.ts). Through POST /api/ai/chat, in English and Arabic, on
// a small catalogue of its own (not the demo catalogue's texts).

const PRODUCTS: NeedSeed[] = [
  { name: 'Urban Canvas Trainers', nameAr: 'حذاء رياضي Urban', category: 'Footwear',
    description: 'Canvas trainers that make every outfit work, for everything from errands to evenings out.',
    descriptionAr: 'حذاء قماشي يناسب كل إطلالة ويجعل كل يوم مريحا في كل مشوار.' },
  { name: 'Whirl Jug Blender', nameAr: 'خلاط Whirl', category: 'Kitchen',
    description: 'A jug blender with a pulse button that crushes ice and frozen fruit for smoothies.',
    descriptionAr: 'خلاط بإبريق يطحن الثلج والفواكه المجمدة لتحضير السموذي بسرعة.' },
  { name: 'Ironform Kettlebell 16 kg', nameAr: 'كيتل بل Ironform وزن 16 كجم', category: 'Fitness',
    description: 'A cast kettlebell, free weights for strength training and workouts in a home gym.',
    descriptionAr: 'كيتل بل من الحديد بوزن ثابت لتمارين القوة واللياقة في صالة منزلية.' },
  { name: 'Tidy Paws Litter Tray', nameAr: 'صندوق رمل Tidy Paws', category: 'Pets',
    description: 'A litter tray with a weight sensor that tells you when it needs emptying at home.',
    descriptionAr: 'صندوق رمل بحساس وزن ينبهك عندما يحتاج إلى التفريغ في المنزل.' },
  ...everydayListings((n) => ({
    description: `An everyday ${n.toLowerCase()} that will make your home tidier every day.`,
    descriptionAr: `منتج يومي يجعل بيتك أجمل كل يوم في كل صباح.`,
  })),
];

let ctx: TestContext;
let ids = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await seedNeedCatalogue(ctx, PRODUCTS);
});
afterAll(async () => ctx?.close());

type Reply = { response: string; mentionedProducts: { id: number; action: string }[] };
async function first(message: string, lang?: string): Promise<number | undefined> {
  const res = await call(ctx.app, {
    method: 'POST', url: `/api/ai/chat${lang ? `?lang=${lang}` : ''}`,
    body: { message, productContext: null, conversationHistory: [], lockedProductIds: [] },
  });
  expect(res.status, res.body).toBe(200);
  return (res.json as Reply).mentionedProducts[0]?.id;
}

describe('a need told by an activity', () => {
  it('lists first the listing whose text says the activity, not one sharing only common words (English)', async () => {
    expect(await first('I want to make smoothies every morning')).toBe(ids.get('Whirl Jug Blender'));
  });

  it('lists first the listing whose text says the activity (Arabic)', async () => {
    expect(await first('أبغى أسوي سموذي كل صباح', 'ar')).toBe(ids.get('Whirl Jug Blender'));
  });

  it('reads lifting weights as exercise, not as any listing that mentions a weight', async () => {
    // both say a weight: the one that also says what the need stands for (strength, workouts) comes first
    expect(await first('I want to start lifting weights at home')).toBe(ids.get('Ironform Kettlebell 16 kg'));
    expect(await first('أبغى أتمرن في البيت', 'ar')).toBe(ids.get('Ironform Kettlebell 16 kg'));
  });
});

describe('words written as nouns', () => {
  it('are those after an article or possessive in English and those with the article in Arabic', () => {
    expect(wordsAsNouns('I want to learn the violin')).toEqual(['violin']);
    expect(wordsAsNouns('who knocks on the door when I am out')).toEqual(['door']);
    expect(wordsAsNouns('أبي أتعلم الكمان')).toEqual(['الكمان']);
    expect(wordsAsNouns('شي للمطبخ وبالبيت')).toEqual(['للمطبخ', 'وبالبيت']);
  });
  it('leave out verbs and bare words', () => {
    expect(wordsAsNouns('who rings at night')).toEqual([]);
    expect(wordsAsNouns('أبي أتعلم عزف')).toEqual([]);
  });
});
