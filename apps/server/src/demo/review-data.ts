// The demo's reviews (decision 0092): written by seeded shoppers about products they bought and received, through
// the reviews service, so every rating and review count on screen is the average and count of these. Products not
// listed here have no reviews, and show no rating, as a new shop would.

/** The seeded shoppers who write them; the n-th review of a product is by the n-th reviewer. */
export const SEED_REVIEWERS = [
  { name: 'Ahmed Karim', email: 'ahmed.karim@souq.test' },
  { name: 'Maria Santos', email: 'maria.santos@souq.test' },
  { name: 'Jin Lee', email: 'jin.lee@souq.test' },
  { name: 'Fatima Al Zaabi', email: 'fatima.alzaabi@souq.test' },
  { name: 'Daniel Brooks', email: 'daniel.brooks@souq.test' },
  { name: 'Priya Nair', email: 'priya.nair@souq.test' },
] as const;

export type SeedReview = [stars: number, title: string, body: string];

/** Reviews by product SKU. */
export const SEED_REVIEWS: Record<string, SeedReview[]> = {
  'NOV-X15P-256-BLK': [
    [5, 'Best phone I have owned', 'The battery lasts two days with normal use. The screen is bright and sharp even outdoors.'],
    [5, 'Superb camera', 'The camera takes excellent photos at night. Charging is fast, about an hour to full.'],
    [4, 'Great, but pricey', 'Performance is smooth in every app. The price is high for what you get compared to last year.'],
    [4, 'Solid flagship', 'Build quality is solid and it feels premium. The phone is a bit heavy in the pocket.'],
    [5, 'Very happy', 'Delivery was quick and the packaging was neat. The battery is great and the display is gorgeous.'],
    [3, 'Good phone, average battery for gaming', 'The battery drains fast when gaming. The screen is excellent though.'],
  ],
  'AUR-STU-CRM': [
    [5, 'Wonderful sound', 'The sound is rich and detailed, with deep bass. They are comfortable for hours.'],
    [4, 'Comfortable and clear', 'Very comfortable on long flights. Noise cancelling is good but not the best I have tried.'],
    [5, 'Worth every dirham', 'Sound quality is superb. The battery lasts the whole week for me.'],
    [3, 'Lovely sound, tight fit', 'The sound is great. The fit is too tight for my head after an hour.'],
    [5, 'Beautiful design', 'The cream colour looks beautiful. Bluetooth pairing was easy with both my phone and laptop.'],
  ],
  'CRP-AF-XL55': [
    [5, 'Crispy chips with little oil', 'Easy to use and the food comes out crispy. Cleaning the basket is simple.'],
    [4, 'Big enough for a family', 'The size is perfect for four people. It is a little loud when the fan runs.'],
    [5, 'Great value', 'Great value for the price. The presets are easy to understand.'],
    [2, 'Basket coating scratched', 'The basket coating scratched after a month. The smell of plastic was strong at first.'],
    [4, 'Use it every day', 'Cooks fast and evenly. The display is clear and bright.'],
  ],
  'STR-GPS5-47-BLK': [
    [5, 'Accurate GPS', 'The GPS is accurate on my runs. The battery lasts a full week.'],
    [5, 'Great for training', 'Comfortable strap and a clear screen in sunlight.'],
    [4, 'Good watch', 'The app is easy to set up. The watch is a bit bulky on a small wrist.'],
  ],
  'HAL-RING3-SLV': [
    [4, 'Tracks sleep well', 'Light and comfortable to wear at night. The app is simple.'],
    [4, 'Nice, but check the size', 'The sizing kit helped. The battery is short, about four days.'],
  ],
  'HDP-BTL-1L-SKY': [
    [5, 'Cold all day', 'Keeps water cold for a full day in the car. The colour is lovely.'],
    [4, 'Good bottle', 'Sturdy and does not leak. A little heavy when full.'],
  ],
  'BK-978-0132350884': [
    [5, 'Every developer should read it', 'Clear examples and simple advice that changed how I write code.'],
    [4, 'Still relevant', 'Good book, though some examples feel dated now.'],
  ],
  'PXL-8A-128-SGE': [
    [5, 'Great value phone', 'Great camera for the price. The battery easily lasts a day.'],
    [4, 'Good mid-range', 'Performance is fine for daily use. The screen is not very bright outdoors.'],
  ],
  'SDC-Q45-BLK': [
    [4, 'Good noise cancelling', 'Noise cancelling is great on the metro. Comfortable for a few hours.'],
  ],
  'ERG-CHR-MESH': [
    [5, 'My back thanks me', 'Very comfortable and easy to assemble. The mesh stays cool.'],
    [4, 'Solid chair', 'Sturdy build. The armrests are a little loose.'],
  ],
  'BRW-ESP-15B': [
    [5, 'Café coffee at home', 'Makes excellent espresso. Cleaning takes a few minutes each day.'],
  ],
  'BK-978-0735211292': [
    [5, 'Practical and easy to read', 'Simple ideas that are easy to apply. I recommend it.'],
    [5, 'Life changing', 'Clear and practical book.'],
  ],
};
