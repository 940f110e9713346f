// The demo catalogue: 16 shelves of 5 products with real fields. Prices are in the shop currency (AED), major units.
// `art` drives the generated product image (scripts/generate-product-images.ts): an icon kind and the product's
// colour, so every picture is distinct enough for image search to tell products apart.

export type IconKind =
  | 'phone' | 'foldable' | 'laptop' | 'tablet' | 'headphones' | 'earbuds' | 'speaker' | 'soundbar' | 'turntable'
  | 'bulb' | 'plug' | 'camera-dome' | 'thermostat' | 'doorbell' | 'watch' | 'band' | 'scale' | 'ring' | 'gamepad'
  | 'console' | 'headset' | 'keyboard' | 'mouse' | 'kettle' | 'blender' | 'pan' | 'coffee' | 'airfryer' | 'tent'
  | 'backpack' | 'bottle' | 'lantern' | 'sleeping-bag' | 'serum' | 'lipstick' | 'palette' | 'hairdryer' | 'cream'
  | 'bowl' | 'bone' | 'collar' | 'pet-bed' | 'litter' | 'chair' | 'desk' | 'lamp' | 'monitor' | 'webcam' | 'guitar'
  | 'piano' | 'drum' | 'violin' | 'ukulele' | 'book' | 'ball' | 'racket' | 'dumbbell' | 'yoga-mat' | 'bike'
  | 'shoe' | 'jacket' | 'handbag' | 'sunglasses' | 'tshirt' | 'camera' | 'action-cam' | 'drone' | 'lens' | 'instant-cam';

export type SeedProduct = {
  name: string;
  brand: string;
  sku: string;
  price: number;
  compareAt?: number;
  stock: number;
  badge?: string;
  description: string;
  bullets: string[];
  tags: string[];
  /** Extra categories after the shelf's own two. */
  categories?: string[];
  weightKg?: number;
  dimsCm?: [number, number, number];
  warranty?: string;
  /** Whose product it is: the demo vendor (default) or the shop itself. */
  owner?: 'vendor' | 'house';
  art: { kind: IconKind; color: string };
};

export type SeedShelf = { slug: string; title: string; category: string; broad: string; warranty: string; products: SeedProduct[] };

export const SEED_SHELVES: SeedShelf[] = [
  {
    slug: 'smartphones', title: 'Smartphones', category: 'Smartphones', broad: 'Electronics', warranty: '2-year manufacturer warranty',
    products: [
      {
        name: 'Nova X15 Pro Smartphone', brand: 'Nova', sku: 'NOV-X15P-256-BLK', price: 3899, compareAt: 4299, stock: 42, badge: 'Best Seller',
        description: 'A 6.7-inch 120 Hz OLED flagship with a triple 50 MP camera system and a titanium frame. The 5,000 mAh battery lasts a full day of heavy use and charges to 60% in 20 minutes.',
        bullets: ['6.7" 120 Hz LTPO OLED display', 'Triple 50 MP camera with 5x optical zoom', '256 GB storage, 12 GB RAM', '5,000 mAh battery with 80 W fast charging'],
        tags: ['5g', 'flagship', 'oled', 'fast charging'], weightKg: 0.21, dimsCm: [16.1, 7.6, 0.9], art: { kind: 'phone', color: '#1f2937' },
      },
      {
        name: 'Pixelite 8a Smartphone', brand: 'Pixelite', sku: 'PXL-8A-128-SGE', price: 1899, stock: 65, badge: 'Great Value',
        description: 'A compact 6.1-inch phone with a clean interface and one of the best point-and-shoot cameras in its class. Seven years of software updates keep it secure for the long run.',
        bullets: ['6.1" 120 Hz display', '64 MP main camera with night mode', '128 GB storage', '7 years of OS and security updates'],
        tags: ['5g', 'compact', 'camera phone'], weightKg: 0.19, dimsCm: [15.2, 7.2, 0.9], art: { kind: 'phone', color: '#84cc16' },
      },
      {
        name: 'Galaxis Fold 6 Foldable Phone', brand: 'Galaxis', sku: 'GLX-FLD6-512-NVY', price: 6999, stock: 12, badge: 'New',
        description: 'A phone that opens into a 7.6-inch tablet for reading, split-screen work and video. The refined hinge closes flat and the cover screen works like a normal phone.',
        bullets: ['7.6" inner and 6.3" cover displays', 'Water resistant hinge (IPX8)', '512 GB storage, 12 GB RAM', 'Multi-window with drag and drop'],
        tags: ['5g', 'foldable', 'tablet', 'productivity'], weightKg: 0.24, dimsCm: [15.4, 6.8, 1.2], art: { kind: 'foldable', color: '#1e3a8a' },
      },
      {
        name: 'Orbit Lite 5G Budget Smartphone', brand: 'Orbit', sku: 'ORB-LT5G-64-BLU', price: 749, stock: 120,
        description: 'An affordable 5G phone with a big 6.6-inch screen and a two-day battery. A good first smartphone or a reliable spare.',
        bullets: ['6.6" 90 Hz display', '5G connectivity', '6,000 mAh battery', 'Expandable storage up to 1 TB'],
        tags: ['5g', 'budget', 'long battery'], weightKg: 0.2, dimsCm: [16.5, 7.6, 0.9], art: { kind: 'phone', color: '#38bdf8' },
      },
      {
        name: 'Nova X15 Mini Smartphone', brand: 'Nova', sku: 'NOV-X15M-128-PNK', price: 2699, stock: 8,
        description: 'The flagship camera and chip of the X15 in a one-hand 5.9-inch body. Ideal for people who want power without a big phone in the pocket.',
        bullets: ['5.9" OLED display', 'Dual 50 MP cameras', '128 GB storage', 'Wireless charging'],
        tags: ['5g', 'compact', 'flagship'], weightKg: 0.17, dimsCm: [14.6, 7.0, 0.8], art: { kind: 'phone', color: '#f472b6' },
      },
    ],
  },
  {
    slug: 'laptops', title: 'Laptops', category: 'Laptops', broad: 'Electronics', warranty: '1-year international warranty',
    products: [
      {
        name: 'Zenbook Air 14 Ultralight Laptop', brand: 'Zentek', sku: 'ZEN-AIR14-16-512', price: 4599, stock: 24, badge: 'Top Rated',
        description: 'A 1.1 kg aluminium laptop with a 14-inch 2.8K OLED screen and an all-day battery. Quiet, fast and easy to carry to class or the office.',
        bullets: ['14" 2.8K OLED display', 'Intel Core Ultra 7, 16 GB RAM', '512 GB NVMe SSD', 'Up to 15 hours of battery'],
        tags: ['ultrabook', 'oled', 'lightweight', 'students'], weightKg: 1.1, dimsCm: [31.1, 22.1, 1.5], art: { kind: 'laptop', color: '#94a3b8' },
      },
      {
        name: 'Raptor G16 Gaming Laptop', brand: 'Raptor', sku: 'RPT-G16-4070-1TB', price: 7999, compareAt: 8799, stock: 9, badge: 'Sale',
        description: 'A 16-inch gaming laptop with an RTX 4070 graphics card and a 240 Hz QHD display. Vapour-chamber cooling keeps it fast in long sessions.',
        bullets: ['16" QHD 240 Hz display', 'NVIDIA RTX 4070, Intel Core i9', '32 GB RAM, 1 TB SSD', 'Per-key RGB keyboard'],
        tags: ['gaming', 'rtx', 'high refresh'], weightKg: 2.5, dimsCm: [35.4, 26.4, 2.6], art: { kind: 'laptop', color: '#dc2626' },
      },
      {
        name: 'MacLine Pro 16 Creator Laptop', brand: 'MacLine', sku: 'MCL-PRO16-M3-1TB', price: 10499, stock: 6,
        description: 'A creator laptop with a bright Liquid Retina XDR display and a chip that edits 8K video on battery. Studio-quality microphones and six speakers built in.',
        bullets: ['16.2" XDR display, 1600 nits peak', '12-core CPU, 18-core GPU', '36 GB unified memory, 1 TB SSD', 'Up to 22 hours of battery'],
        tags: ['creator', 'video editing', 'premium'], weightKg: 2.1, dimsCm: [35.6, 24.8, 1.7], art: { kind: 'laptop', color: '#475569' },
      },
      {
        name: 'Chromebook Flip 13 Convertible', brand: 'Zentek', sku: 'ZEN-CBF13-8-128', price: 1499, stock: 40, badge: 'Great Value',
        description: 'A 2-in-1 Chromebook with a 360-degree hinge and stylus support. Boots in seconds and is easy to manage for school.',
        bullets: ['13.3" Full HD touchscreen', '360° hinge, tablet mode', '8 GB RAM, 128 GB storage', 'Stylus included'],
        tags: ['2-in-1', 'chromebook', 'students', 'touchscreen'], weightKg: 1.3, dimsCm: [30.6, 20.8, 1.6], art: { kind: 'tablet', color: '#0ea5e9' },
      },
      {
        name: 'ThinkEdge T14 Business Laptop', brand: 'ThinkEdge', sku: 'TKE-T14-32-1TB', price: 5299, stock: 18,
        description: 'A durable business laptop with a legendary keyboard, a fingerprint reader and a privacy shutter. Tested against drops, dust and spills.',
        bullets: ['14" WUXGA anti-glare display', 'AMD Ryzen 7 Pro, 32 GB RAM', '1 TB SSD, Wi-Fi 6E', 'MIL-STD-810H tested'],
        tags: ['business', 'durable', 'security'], weightKg: 1.4, dimsCm: [31.6, 22.7, 1.8], art: { kind: 'laptop', color: '#111827' },
      },
    ],
  },
  {
    slug: 'audio', title: 'Audio', category: 'Audio', broad: 'Electronics', warranty: '1-year manufacturer warranty',
    products: [
      {
        name: 'SoundCore Q45 Wireless Headphones', brand: 'SoundCore', sku: 'SDC-Q45-BLK', price: 599, compareAt: 749, stock: 75, badge: 'Best Seller',
        description: 'Over-ear wireless headphones with adaptive noise cancelling that blocks engine and office noise. Soft memory-foam cushions and 50 hours of playback make them ideal for long flights.',
        bullets: ['Adaptive active noise cancelling', '50-hour battery, 5-minute quick charge', 'Bluetooth 5.3 multipoint', 'Foldable with travel case'],
        tags: ['wireless', 'noise cancelling', 'bluetooth', 'headphones', 'travel'], weightKg: 0.26, dimsCm: [19, 17, 8], art: { kind: 'headphones', color: '#111827' },
      },
      {
        name: 'Aura Studio Over-Ear Headphones', brand: 'Aura', sku: 'AUR-STU-CRM', price: 1299, stock: 30, badge: 'Premium',
        description: 'Premium wireless headphones with 40 mm beryllium drivers and spatial audio. Industry-leading noise cancelling and a 30-hour battery in a light, cream-coloured design.',
        bullets: ['Hi-Res wireless audio', 'Spatial audio with head tracking', 'Industry-leading ANC', '30-hour battery'],
        tags: ['wireless', 'noise cancelling', 'headphones', 'hi-res'], weightKg: 0.25, dimsCm: [20, 17, 8], art: { kind: 'headphones', color: '#e7d8c0' },
      },
      {
        name: 'Pulse Buds Pro True Wireless Earbuds', brand: 'Pulse', sku: 'PLS-BUDP-WHT', price: 449, stock: 90,
        description: 'Small true wireless earbuds with noise cancelling, a transparency mode and a pocketable wireless-charging case. IPX4 sweat resistant for workouts.',
        bullets: ['Active noise cancelling', '8 h per charge, 32 h with case', 'IPX4 sweat and splash resistant', 'Wireless charging case'],
        tags: ['wireless', 'earbuds', 'noise cancelling', 'sport'], weightKg: 0.05, dimsCm: [6, 5, 3], art: { kind: 'earbuds', color: '#f8fafc' },
      },
      {
        name: 'Boomcube Portable Bluetooth Speaker', brand: 'Boomcube', sku: 'BMC-PRT-TEAL', price: 349, stock: 55, badge: 'Waterproof',
        description: 'A rugged portable speaker with deep bass and 360-degree sound. Waterproof and dustproof to IP67, it floats in the pool and plays for 20 hours.',
        bullets: ['360° sound with passive radiators', 'IP67 waterproof and dustproof', '20-hour battery', 'Pair two for stereo'],
        tags: ['bluetooth', 'speaker', 'waterproof', 'outdoor'], weightKg: 0.54, dimsCm: [18, 7, 7], art: { kind: 'speaker', color: '#0d9488' },
      },
      {
        name: 'Cinema 5.1 Dolby Atmos Soundbar', brand: 'Aura', sku: 'AUR-SB51-BLK', price: 1899, stock: 14,
        description: 'A slim soundbar with a wireless subwoofer that fills the room with Dolby Atmos sound. Dialogue enhancement keeps voices clear at low volume.',
        bullets: ['5.1 channels with wireless subwoofer', 'Dolby Atmos and DTS:X', 'HDMI eARC, Wi-Fi and Bluetooth', 'Night mode and dialogue boost'],
        tags: ['soundbar', 'home theater', 'dolby atmos'], weightKg: 3.2, dimsCm: [98, 6, 10], art: { kind: 'soundbar', color: '#334155' },
      },
    ],
  },
  {
    slug: 'smart-home', title: 'Smart Home', category: 'Smart Home', broad: 'Home', warranty: '2-year manufacturer warranty',
    products: [
      {
        name: 'Lumo Smart LED Bulb 4-Pack', brand: 'Lumo', sku: 'LUM-BLB-E27-4PK', price: 199, stock: 140, badge: 'Best Seller',
        description: 'Wi-Fi colour bulbs with 16 million colours and tunable white light. Schedule them, group them by room and control them with your voice.',
        bullets: ['16 million colours and tunable white', 'Works with Alexa and Google Home', 'No hub required', 'E27 base, 9 W (60 W equivalent)'],
        tags: ['smart lighting', 'wifi', 'voice control'], weightKg: 0.3, art: { kind: 'bulb', color: '#facc15' },
      },
      {
        name: 'Homeo Smart Plug Mini 2-Pack', brand: 'Homeo', sku: 'HMO-PLG-MINI-2', price: 89, stock: 200,
        description: 'Compact smart plugs that turn any lamp or appliance into a smart device. Energy monitoring shows what each device costs you to run.',
        bullets: ['Energy monitoring', 'Schedules and away mode', 'Voice assistant compatible', 'UK type G plug'],
        tags: ['smart plug', 'energy saving', 'wifi'], weightKg: 0.2, art: { kind: 'plug', color: '#e2e8f0' },
      },
      {
        name: 'Sentinel 2K Indoor Security Camera', brand: 'Sentinel', sku: 'SNT-CAM2K-IN', price: 259, stock: 60,
        description: 'A pan-and-tilt indoor camera with 2K video, night vision and person detection. Privacy mode physically turns the lens away when you are home.',
        bullets: ['2K HDR video with 360° pan', 'Colour night vision', 'Person and pet detection', 'Local microSD or cloud storage'],
        tags: ['security', 'camera', 'night vision'], weightKg: 0.3, art: { kind: 'camera-dome', color: '#f1f5f9' },
      },
      {
        name: 'Climo Smart Thermostat', brand: 'Climo', sku: 'CLM-THERM-3', price: 699, stock: 22, badge: 'Energy Saver',
        description: 'A learning thermostat that adapts to your schedule and cools only when you need it. Most homes save up to 20% on cooling bills.',
        bullets: ['Learns your schedule', 'Remote control from the app', 'Energy history and reports', 'Easy DIY installation'],
        tags: ['thermostat', 'energy saving', 'climate'], weightKg: 0.4, art: { kind: 'thermostat', color: '#f97316' },
      },
      {
        name: 'Ringo Video Doorbell Pro', brand: 'Ringo', sku: 'RNG-DBL-PRO', price: 549, stock: 35,
        description: 'A head-to-toe HD video doorbell that shows parcels on the doorstep as well as visitors. Talk to callers from anywhere with two-way audio.',
        bullets: ['1536p head-to-toe video', 'Two-way talk with noise cancellation', 'Package detection', 'Wired or battery'],
        tags: ['doorbell', 'security', 'video'], weightKg: 0.35, art: { kind: 'doorbell', color: '#1f2937' },
      },
    ],
  },
  {
    slug: 'fitness-wearables', title: 'Fitness Wearables', category: 'Fitness Wearables', broad: 'Health', warranty: '1-year manufacturer warranty',
    products: [
      {
        name: 'Stride GPS Smartwatch 5', brand: 'Stride', sku: 'STR-GPS5-47-BLK', price: 1299, stock: 38, badge: 'Best Seller',
        description: 'A multisport GPS smartwatch with dual-band positioning, heart-rate variability and training readiness. The AMOLED screen stays readable in direct sun.',
        bullets: ['Dual-band GPS', 'Heart rate, SpO2 and HRV', '14-day battery', '5 ATM water resistant'],
        tags: ['smartwatch', 'gps', 'running', 'fitness tracker'], weightKg: 0.05, art: { kind: 'watch', color: '#0f172a' },
      },
      {
        name: 'FitBand Charge 6 Fitness Tracker', brand: 'FitBand', sku: 'FTB-CHG6-BLU', price: 549, stock: 80,
        description: 'A slim fitness tracker that records steps, sleep stages and heart rate around the clock. Built-in GPS maps your runs without your phone.',
        bullets: ['24/7 heart rate and sleep tracking', 'Built-in GPS', '7-day battery', '40+ exercise modes'],
        tags: ['fitness tracker', 'sleep', 'heart rate'], weightKg: 0.03, art: { kind: 'band', color: '#2563eb' },
      },
      {
        name: 'Vita Smart Body Scale', brand: 'Vita', sku: 'VTA-SCL-WHT', price: 249, stock: 45,
        description: 'A Wi-Fi bathroom scale that measures weight, body fat, muscle mass and BMI. It recognises up to eight family members and syncs to health apps.',
        bullets: ['13 body composition metrics', 'Recognises 8 users', 'Wi-Fi and Bluetooth sync', 'Tempered glass top'],
        tags: ['scale', 'body composition', 'health'], weightKg: 1.8, dimsCm: [30, 30, 2.5], art: { kind: 'scale', color: '#f8fafc' },
      },
      {
        name: 'Halo Smart Ring Gen 3', brand: 'Halo', sku: 'HAL-RING3-SLV', price: 1099, stock: 20, badge: 'New',
        description: 'A titanium smart ring that tracks sleep, readiness and temperature without a screen on your wrist. Light enough to forget you are wearing it.',
        bullets: ['Sleep and readiness scores', 'Skin temperature trends', '7-day battery', 'Titanium, water resistant'],
        tags: ['smart ring', 'sleep', 'wellness'], weightKg: 0.004, art: { kind: 'ring', color: '#cbd5e1' },
      },
      {
        name: 'Stride Kids Activity Watch', brand: 'Stride', sku: 'STR-KIDS-PRP', price: 299, stock: 50,
        description: 'A swim-proof activity watch for children with chore reminders and active-play goals. No ads and parental controls from the family app.',
        bullets: ['Swim-proof', 'Chore and bedtime reminders', '1-year battery, no charging', 'Parental app controls'],
        tags: ['kids', 'activity tracker', 'watch'], weightKg: 0.03, art: { kind: 'watch', color: '#9333ea' },
      },
    ],
  },
  {
    slug: 'gaming', title: 'Gaming', category: 'Gaming', broad: 'Electronics', warranty: '1-year manufacturer warranty',
    products: [
      {
        name: 'Nexus 5 Game Console', brand: 'Nexus', sku: 'NXS-CON5-1TB', price: 2199, stock: 15, badge: 'Hot',
        description: 'A next-generation console with an ultra-fast SSD and 4K gaming at up to 120 fps. Haptic feedback in the controller puts every surface in your hands.',
        bullets: ['4K at up to 120 fps', '1 TB ultra-fast SSD', 'Ray tracing', 'Wireless haptic controller included'],
        tags: ['console', '4k', 'gaming'], weightKg: 3.9, dimsCm: [39, 26, 10], art: { kind: 'console', color: '#f8fafc' },
      },
      {
        name: 'ProPad Elite Wireless Controller', brand: 'Nexus', sku: 'NXS-PAD-ELT', price: 699, stock: 40,
        description: 'A pro controller with swappable sticks, back paddles and adjustable trigger stops. Fine-tuned for competitive shooters and racing games.',
        bullets: ['Four remappable back paddles', 'Adjustable stick tension', '40-hour battery', 'Wireless and USB-C'],
        tags: ['controller', 'wireless', 'esports'], weightKg: 0.35, art: { kind: 'gamepad', color: '#111827' },
      },
      {
        name: 'HyperSound 7.1 Gaming Headset', brand: 'HyperSound', sku: 'HYP-HS71-RED', price: 399, stock: 60,
        description: 'A comfortable gaming headset with 7.1 surround, a detachable noise-cancelling microphone and memory-foam ear cushions. Hear footsteps before you see the enemy.',
        bullets: ['7.1 virtual surround', 'Detachable noise-cancelling mic', '50 mm drivers', 'Works with PC and consoles'],
        tags: ['headset', 'gaming', 'microphone'], weightKg: 0.3, art: { kind: 'headset', color: '#dc2626' },
      },
      {
        name: 'KeyStrike Mechanical RGB Keyboard', brand: 'KeyStrike', sku: 'KST-MK75-RGB', price: 459, stock: 33, badge: 'Top Rated',
        description: 'A 75% hot-swappable mechanical keyboard with gasket mount and per-key RGB lighting. Pre-lubed linear switches feel smooth and sound soft.',
        bullets: ['Hot-swappable switches', 'Gasket mount, 75% layout', 'Per-key RGB', 'Wired, 2.4 GHz and Bluetooth'],
        tags: ['keyboard', 'mechanical', 'rgb'], weightKg: 0.9, dimsCm: [32, 13, 4], art: { kind: 'keyboard', color: '#7c3aed' },
      },
      {
        name: 'Viper Ultralight Gaming Mouse', brand: 'KeyStrike', sku: 'KST-VPR-58G', price: 279, stock: 70,
        description: 'A 58-gram wireless gaming mouse with a 26,000 DPI sensor and optical switches. Built for fast flicks in competitive games.',
        bullets: ['58 g ultralight shell', '26K DPI optical sensor', '90-hour battery', 'Optical switches, no double clicks'],
        tags: ['mouse', 'wireless', 'esports'], weightKg: 0.06, art: { kind: 'mouse', color: '#22c55e' },
      },
    ],
  },
  {
    slug: 'kitchen', title: 'Kitchen', category: 'Kitchen', broad: 'Home', warranty: '2-year manufacturer warranty',
    products: [
      {
        name: 'Brewmaster Espresso Machine', brand: 'Brewmaster', sku: 'BRW-ESP-15B', price: 1899, compareAt: 2199, stock: 16, badge: 'Sale',
        description: 'A 15-bar espresso machine with a built-in grinder and a steam wand for café-style lattes. Make fresh espresso from whole beans in under a minute.',
        bullets: ['Built-in conical burr grinder', '15-bar Italian pump', 'Manual steam wand', 'Precise temperature control'],
        tags: ['coffee', 'espresso', 'barista'], weightKg: 10.5, dimsCm: [33, 31, 40], art: { kind: 'coffee', color: '#78716c' },
      },
      {
        name: 'Crispo XL Digital Air Fryer', brand: 'Crispo', sku: 'CRP-AF-XL55', price: 449, stock: 58, badge: 'Best Seller',
        description: 'A 5.5-litre air fryer that cooks crispy fries, wings and vegetables with up to 90% less oil. Eight presets and a shake reminder take out the guesswork.',
        bullets: ['5.5 L basket for 4–6 people', '8 one-touch presets', 'Dishwasher-safe basket', 'Up to 90% less fat'],
        tags: ['air fryer', 'healthy cooking'], weightKg: 5.2, art: { kind: 'airfryer', color: '#0f172a' },
      },
      {
        name: 'VortexBlend Pro Blender', brand: 'Vortex', sku: 'VTX-BLD-1500', price: 599, stock: 27,
        description: 'A 1,500 W high-speed blender that turns frozen fruit into smooth smoothies in seconds. The self-clean program does the washing up.',
        bullets: ['1,500 W motor', '2 L BPA-free jar', 'Smoothie, soup and crush programs', 'Self-cleaning'],
        tags: ['blender', 'smoothie'], weightKg: 4.6, art: { kind: 'blender', color: '#ef4444' },
      },
      {
        name: 'Chef Cast Iron Skillet 28 cm', brand: 'Hearth & Co', sku: 'HRT-SKL-28', price: 45, stock: 110, badge: 'Great Value', owner: 'house',
        description: 'A pre-seasoned cast iron skillet that goes from hob to oven to table. Holds heat for a perfect sear and lasts for generations.',
        bullets: ['Pre-seasoned, ready to use', 'Oven safe to 260 °C', 'Works on induction', '28 cm cooking surface'],
        tags: ['cookware', 'cast iron', 'skillet', 'pan'], weightKg: 2.7, art: { kind: 'pan', color: '#292524' },
      },
      {
        name: 'Steamy Electric Gooseneck Kettle', brand: 'Hearth & Co', sku: 'HRT-KTL-GN', price: 39, stock: 85, owner: 'house',
        description: 'A gooseneck kettle with temperature presets for green tea, pour-over coffee and more. The precise spout gives a slow, even pour.',
        bullets: ['Variable temperature 40–100 °C', 'Keep-warm for 60 minutes', 'Gooseneck pour spout', '0.9 L capacity'],
        tags: ['kettle', 'tea', 'pour over'], weightKg: 1.1, art: { kind: 'kettle', color: '#14b8a6' },
      },
    ],
  },
  {
    slug: 'outdoor', title: 'Outdoor', category: 'Outdoor', broad: 'Sports', warranty: '1-year warranty',
    products: [
      {
        name: 'Summit 4-Person Camping Tent', brand: 'Summit', sku: 'SMT-TNT-4P', price: 699, stock: 21, badge: 'Top Rated',
        description: 'A roomy dome tent that pitches in five minutes with colour-coded poles. Sealed seams and a full-coverage rainfly keep the family dry.',
        bullets: ['Sleeps 4, 2.1 m headroom', 'Pitches in 5 minutes', '3,000 mm waterproof rating', 'Two doors and vestibules'],
        tags: ['camping', 'tent', 'family'], weightKg: 5.4, art: { kind: 'tent', color: '#16a34a' },
      },
      {
        name: 'TrailPack 40L Hiking Backpack', brand: 'Summit', sku: 'SMT-BPK-40', price: 379, stock: 44,
        description: 'A 40-litre hiking backpack with a ventilated back panel and a built-in rain cover. Hip-belt pockets keep snacks and your phone in reach.',
        bullets: ['40 L with hydration sleeve', 'Ventilated mesh back panel', 'Integrated rain cover', 'Adjustable torso length'],
        tags: ['hiking', 'backpack', 'trekking'], weightKg: 1.4, art: { kind: 'backpack', color: '#ea580c' },
      },
      {
        name: 'HydroPeak Insulated Water Bottle 1L', brand: 'HydroPeak', sku: 'HDP-BTL-1L-SKY', price: 49, stock: 150, badge: 'Best Seller',
        description: 'A double-wall stainless steel bottle that keeps water cold for 24 hours, even in summer heat. Leak-proof lid with a carry loop.',
        bullets: ['Cold 24 h, hot 12 h', '18/8 stainless steel', 'Leak-proof lid', 'BPA free'],
        tags: ['water bottle', 'insulated', 'hydration'], weightKg: 0.45, art: { kind: 'bottle', color: '#38bdf8' },
      },
      {
        name: 'Glowtrail Rechargeable LED Lantern', brand: 'Glowtrail', sku: 'GLT-LNT-1000', price: 119, stock: 64,
        description: 'A 1,000-lumen camping lantern that doubles as a power bank. Warm and cool light modes for the tent, the table or a power cut.',
        bullets: ['1,000 lumens, 4 modes', 'USB-C rechargeable, power bank', 'IPX4 water resistant', 'Up to 100 hours on low'],
        tags: ['lantern', 'camping', 'led'], weightKg: 0.5, art: { kind: 'lantern', color: '#f59e0b' },
      },
      {
        name: 'Alpine Down Sleeping Bag -5°C', brand: 'Summit', sku: 'SMT-SLB-M5', price: 459, stock: 19,
        description: 'A lightweight 650-fill down sleeping bag rated to -5 °C for desert nights and mountain trips. Packs down to the size of a loaf of bread.',
        bullets: ['650-fill responsibly sourced down', 'Comfort rating -5 °C', 'Compression sack included', '1.1 kg'],
        tags: ['sleeping bag', 'camping', 'down'], weightKg: 1.1, art: { kind: 'sleeping-bag', color: '#1d4ed8' },
      },
    ],
  },
  {
    slug: 'beauty', title: 'Beauty', category: 'Beauty', broad: 'Beauty', warranty: 'Satisfaction guarantee',
    products: [
      {
        name: 'Radiance Vitamin C Serum 30 ml', brand: 'Lumière', sku: 'LUM-VTC-30', price: 129, stock: 95, badge: 'Best Seller', owner: 'house',
        description: 'A brightening serum with 15% vitamin C and hyaluronic acid that evens skin tone and fades dark spots. Lightweight and fragrance free.',
        bullets: ['15% stabilised vitamin C', 'Hyaluronic acid for hydration', 'Fragrance free, vegan', 'Suitable for all skin types'],
        tags: ['skincare', 'serum', 'vitamin c'], weightKg: 0.1, art: { kind: 'serum', color: '#f59e0b' },
      },
      {
        name: 'Velvet Matte Lipstick Ruby', brand: 'Maison Rouge', sku: 'MRG-LIP-RUBY', price: 89, stock: 120, owner: 'house',
        description: 'A long-wear matte lipstick in a classic ruby red that stays comfortable for eight hours. Enriched with shea butter so lips never feel dry.',
        bullets: ['8-hour wear', 'Comfortable matte finish', 'Shea butter enriched', 'Cruelty free'],
        tags: ['makeup', 'lipstick', 'matte'], weightKg: 0.03, art: { kind: 'lipstick', color: '#b91c1c' },
      },
      {
        name: 'Sunset Eyeshadow Palette 12 Shades', brand: 'Maison Rouge', sku: 'MRG-EYE-SUN12', price: 159, stock: 48, badge: 'New', owner: 'house',
        description: 'Twelve warm mattes and shimmers from peach to bronze for day and evening looks. Highly pigmented and easy to blend.',
        bullets: ['12 matte and shimmer shades', 'Blendable, long-lasting pigment', 'Mirror included', 'Vegan formula'],
        tags: ['makeup', 'eyeshadow', 'palette'], weightKg: 0.15, art: { kind: 'palette', color: '#fb923c' },
      },
      {
        name: 'AirStyle Ionic Hair Dryer', brand: 'AirStyle', sku: 'AST-HD-ION', price: 649, stock: 26,
        description: 'A fast, quiet ionic hair dryer with intelligent heat control that protects hair from damage. Three magnetic attachments for smoothing, volume and curls.',
        bullets: ['Ionic technology reduces frizz', 'Intelligent heat control', '3 magnetic attachments', 'Lightweight 560 g'],
        tags: ['hair care', 'hair dryer', 'styling'], weightKg: 0.56, art: { kind: 'hairdryer', color: '#db2777' },
      },
      {
        name: 'HydraBalance Daily Moisturiser SPF 30', brand: 'Lumière', sku: 'LUM-MST-SPF30', price: 99, stock: 100, owner: 'house',
        description: 'A light daily moisturiser with broad-spectrum SPF 30 and niacinamide. Hydrates, protects and leaves no white cast.',
        bullets: ['Broad-spectrum SPF 30', 'Niacinamide and ceramides', 'Non-greasy, no white cast', '50 ml'],
        tags: ['skincare', 'moisturiser', 'spf'], weightKg: 0.08, art: { kind: 'cream', color: '#93c5fd' },
      },
    ],
  },
  {
    slug: 'pets', title: 'Pets', category: 'Pets', broad: 'Home', warranty: 'Satisfaction guarantee',
    products: [
      {
        name: 'PawFeast Automatic Pet Feeder', brand: 'PawFeast', sku: 'PWF-AUTO-4L', price: 329, stock: 30, badge: 'Smart',
        description: 'A 4-litre automatic feeder that serves measured meals on schedule, even when you are away. Record a voice message to call your pet to dinner.',
        bullets: ['Up to 6 meals a day', 'App control and schedules', 'Voice recording', 'Battery backup'],
        tags: ['pet feeder', 'cats', 'dogs', 'smart'], weightKg: 2.0, art: { kind: 'bowl', color: '#f97316' }, owner: 'house',
      },
      {
        name: 'ChewGuard Dental Dog Chews 30-Pack', brand: 'ChewGuard', sku: 'CHG-DNT-30', price: 69, stock: 160, owner: 'house',
        description: 'Vet-approved dental chews that reduce plaque and freshen breath. Made with natural ingredients and no artificial colours.',
        bullets: ['Reduces plaque and tartar', 'For medium dogs 10–25 kg', 'Natural ingredients', '30 daily chews'],
        tags: ['dog', 'dental', 'treats'], weightKg: 0.7, art: { kind: 'bone', color: '#d97706' },
      },
      {
        name: 'TrailTag Reflective Dog Collar', brand: 'TrailTag', sku: 'TTG-COL-M-TEAL', price: 35, stock: 140, owner: 'house',
        description: 'A padded, reflective nylon collar with a quick-release buckle. Stays visible in headlights on evening walks.',
        bullets: ['Reflective stitching', 'Soft neoprene padding', 'Quick-release buckle', 'Size M: 35–50 cm'],
        tags: ['dog', 'collar', 'reflective'], weightKg: 0.08, art: { kind: 'collar', color: '#0d9488' },
      },
      {
        name: 'CloudNap Orthopedic Pet Bed', brand: 'CloudNap', sku: 'CLN-BED-L-GRY', price: 219, stock: 37, badge: 'Top Rated', owner: 'house',
        description: 'A memory-foam bed that supports older joints with a raised bolster for head rest. The removable cover is machine washable.',
        bullets: ['Orthopedic memory foam', 'Raised bolster edges', 'Machine-washable cover', 'Non-slip base'],
        tags: ['pet bed', 'dogs', 'cats', 'orthopedic'], weightKg: 2.5, art: { kind: 'pet-bed', color: '#9ca3af' },
      },
      {
        name: 'PureLitter Self-Cleaning Cat Litter Box', brand: 'PureLitter', sku: 'PRL-SELF-CLN', price: 899, stock: 11, owner: 'house',
        description: 'A self-cleaning litter box that sifts waste into a sealed drawer minutes after each visit. Weight sensors keep it safe for kittens and cats alike.',
        bullets: ['Automatic cleaning cycle', 'Sealed odour-control drawer', 'Cat-weight safety sensors', 'App alerts when full'],
        tags: ['cat', 'litter box', 'smart'], weightKg: 9.0, art: { kind: 'litter', color: '#e5e7eb' },
      },
    ],
  },
  {
    slug: 'home-office', title: 'Home Office', category: 'Home Office', broad: 'Home', warranty: '3-year warranty',
    products: [
      {
        name: 'ErgoFlex Mesh Office Chair', brand: 'ErgoFlex', sku: 'ERG-CHR-MESH', price: 899, compareAt: 1099, stock: 20, badge: 'Sale',
        description: 'An ergonomic mesh chair with adjustable lumbar support, 4D armrests and a reclining backrest. Breathable mesh keeps you cool during long workdays.',
        bullets: ['Adjustable lumbar support', '4D armrests and headrest', 'Breathable mesh back', 'Supports up to 136 kg'],
        tags: ['office chair', 'ergonomic', 'work from home'], weightKg: 19, art: { kind: 'chair', color: '#1f2937' },
      },
      {
        name: 'LiftDesk Electric Standing Desk', brand: 'ErgoFlex', sku: 'ERG-DSK-140', price: 1499, stock: 12, badge: 'Top Rated',
        description: 'A dual-motor standing desk that rises from sitting to standing height in seconds. Four memory presets and anti-collision sensors.',
        bullets: ['Dual motors, 71–121 cm height', '140 x 70 cm desktop', '4 memory presets', 'Anti-collision'],
        tags: ['standing desk', 'ergonomic', 'work from home'], weightKg: 32, dimsCm: [140, 70, 5], art: { kind: 'desk', color: '#a16207' },
      },
      {
        name: 'Lumen Arc LED Desk Lamp', brand: 'Lumo', sku: 'LUM-LMP-ARC', price: 179, stock: 52,
        description: 'An eye-care desk lamp with adjustable colour temperature and a wireless charging base. The arm folds flat when you pack up.',
        bullets: ['5 colour temperatures', 'Flicker-free light', 'Qi wireless charging base', 'Auto-dimming sensor'],
        tags: ['desk lamp', 'led', 'wireless charging'], weightKg: 1.2, art: { kind: 'lamp', color: '#e5e7eb' },
      },
      {
        name: 'ClearView 27" 4K USB-C Monitor', brand: 'ClearView', sku: 'CLV-27-4K-USBC', price: 1599, stock: 17,
        description: 'A 27-inch 4K IPS monitor with one-cable USB-C connection that charges your laptop at 90 W. Factory colour calibrated for photo work.',
        bullets: ['27" 4K IPS, 99% sRGB', 'USB-C with 90 W charging', 'Height and tilt adjustable', 'Built-in KVM switch'],
        tags: ['monitor', '4k', 'usb-c'], weightKg: 6.2, art: { kind: 'monitor', color: '#334155' },
      },
      {
        name: 'StreamCam 1080p Webcam', brand: 'ClearView', sku: 'CLV-CAM-1080', price: 229, stock: 48,
        description: 'A Full HD webcam with auto-focus, light correction and dual noise-reducing microphones. Look sharp in every video call.',
        bullets: ['1080p at 60 fps', 'Auto light correction', 'Dual stereo microphones', 'Privacy shutter'],
        tags: ['webcam', 'video calls', 'streaming'], weightKg: 0.16, art: { kind: 'webcam', color: '#111827' },
      },
    ],
  },
  {
    slug: 'musical-instruments', title: 'Musical Instruments', category: 'Musical Instruments', broad: 'Music', warranty: '1-year warranty',
    products: [
      {
        name: 'Harmonia Acoustic Guitar Dreadnought', brand: 'Harmonia', sku: 'HRM-GTR-DRD', price: 899, stock: 14, badge: 'Top Rated',
        description: 'A solid spruce-top dreadnought guitar with a warm, balanced tone. Comes set up and ready to play with a padded gig bag.',
        bullets: ['Solid Sitka spruce top', 'Mahogany back and sides', 'Low action, easy to play', 'Gig bag included'],
        tags: ['guitar', 'acoustic', 'beginner friendly'], weightKg: 2.3, art: { kind: 'guitar', color: '#b45309' },
      },
      {
        name: 'KeyNote 88 Digital Piano', brand: 'KeyNote', sku: 'KYN-DP88-BLK', price: 2499, stock: 7,
        description: 'A digital piano with 88 fully weighted hammer-action keys and a concert grand sample. Headphone output lets you practise silently at night.',
        bullets: ['88 weighted hammer-action keys', 'Concert grand piano sound', 'Bluetooth MIDI and audio', 'Sustain pedal included'],
        tags: ['piano', 'keyboard', 'digital piano'], weightKg: 11.5, art: { kind: 'piano', color: '#0f172a' },
      },
      {
        name: 'Thunder Electronic Drum Kit', brand: 'Thunder', sku: 'THD-EDK-5PC', price: 1799, stock: 6,
        description: 'A compact five-piece electronic drum kit with mesh heads that feel like real drums and stay quiet for neighbours. Built-in coach helps beginners keep time.',
        bullets: ['Mesh snare and toms', '400+ drum sounds', 'Built-in coach and metronome', 'Folding rack'],
        tags: ['drums', 'electronic', 'practice'], weightKg: 18, art: { kind: 'drum', color: '#e11d48' },
      },
      {
        name: 'Maestro 4/4 Violin Outfit', brand: 'Maestro', sku: 'MST-VLN-44', price: 649, stock: 10,
        description: 'A hand-carved full-size violin with an ebony fingerboard, bow, rosin and a lightweight case. Set up by a luthier for a clear, bright sound.',
        bullets: ['Solid spruce and maple', 'Ebony fittings', 'Bow, rosin and case', 'Luthier set-up'],
        tags: ['violin', 'strings', 'student'], weightKg: 2.0, art: { kind: 'violin', color: '#92400e' },
      },
      {
        name: 'Aloha Concert Ukulele', brand: 'Harmonia', sku: 'HRM-UKE-CNC', price: 189, stock: 35, badge: 'Great Value',
        description: 'A mahogany concert ukulele with a warm, sweet voice and Aquila strings. Light and friendly for first chords and beach songs.',
        bullets: ['Concert size, mahogany body', 'Aquila strings', 'Tuner and gig bag included', 'Great for beginners'],
        tags: ['ukulele', 'strings', 'beginner friendly'], weightKg: 0.6, art: { kind: 'ukulele', color: '#ca8a04' },
      },
    ],
  },
  {
    slug: 'books', title: 'Books', category: 'Books', broad: 'Books', warranty: 'Returns within 14 days',
    products: [
      {
        name: 'Atomic Habits by James Clear', brand: 'Penguin', sku: 'BK-978-0735211292', price: 59, stock: 90, badge: 'Best Seller', owner: 'house',
        description: 'A practical guide to building good habits and breaking bad ones through tiny changes that compound. Full of clear frameworks you can use the same day.',
        bullets: ['Hardcover, 320 pages', 'Proven habit-forming framework', 'International bestseller', 'English edition'],
        tags: ['self-help', 'habits', 'productivity', 'bestseller'], weightKg: 0.5, art: { kind: 'book', color: '#f5f5f4' },
      },
      {
        name: 'The Midnight Library by Matt Haig', brand: 'Canongate', sku: 'BK-978-1786892737', price: 42, stock: 70, owner: 'house',
        description: 'A novel about a library between life and death, where every book is a life you could have lived. Warm, funny and quietly profound.',
        bullets: ['Paperback, 304 pages', 'Fiction', 'Goodreads Choice winner', 'English edition'],
        tags: ['fiction', 'novel', 'bestseller'], weightKg: 0.3, art: { kind: 'book', color: '#1e3a8a' },
      },
      {
        name: 'Clean Code by Robert C. Martin', brand: 'Pearson', sku: 'BK-978-0132350884', price: 149, stock: 25, owner: 'house',
        description: 'A handbook of agile software craftsmanship with case studies of turning messy code into clean code. A classic on every developer\'s shelf.',
        bullets: ['Paperback, 464 pages', 'Programming best practices', 'Case studies in Java', 'English edition'],
        tags: ['programming', 'software', 'technology'], weightKg: 0.8, art: { kind: 'book', color: '#0f766e' },
      },
      {
        name: 'Salt Fat Acid Heat Cookbook', brand: 'Simon & Schuster', sku: 'BK-978-1476753836', price: 129, stock: 18, owner: 'house',
        description: 'An illustrated cookbook that teaches the four elements of good cooking instead of recipes alone. Over 100 recipes and 150 illustrations.',
        bullets: ['Hardcover, 480 pages', '100+ recipes', 'Beautifully illustrated', 'English edition'],
        tags: ['cookbook', 'cooking', 'food'], weightKg: 1.5, art: { kind: 'book', color: '#dc2626' },
      },
      {
        name: 'The Very Hungry Caterpillar Board Book', brand: 'Puffin', sku: 'BK-978-0241003008', price: 35, stock: 60, owner: 'house',
        description: 'The beloved picture book about a caterpillar who eats his way to becoming a butterfly. Sturdy board pages for little hands.',
        bullets: ['Board book, 26 pages', 'Ages 0–4', 'Classic picture book', 'English edition'],
        tags: ['children', 'picture book', 'kids'], weightKg: 0.3, art: { kind: 'book', color: '#65a30d' },
      },
    ],
  },
  {
    slug: 'sports', title: 'Sports', category: 'Sports', broad: 'Sports', warranty: '1-year warranty',
    products: [
      {
        name: 'Velocity Pro Running Shoes', brand: 'Velocity', sku: 'VLC-RUN-PRO-42', price: 549, compareAt: 649, stock: 64, badge: 'Best Seller',
        description: 'Lightweight running shoes with a responsive foam midsole and a carbon-infused plate for faster tempo runs. The breathable knit upper stays cool in the heat.',
        bullets: ['Responsive nitrogen-infused foam', 'Carbon-infused propulsion plate', 'Breathable engineered knit', '8 mm heel-to-toe drop'],
        tags: ['running shoes', 'running', 'sneakers', 'marathon'], categories: ['Footwear'], weightKg: 0.23, art: { kind: 'shoe', color: '#f97316' },
      },
      {
        name: 'Ace Carbon Tennis Racket', brand: 'Ace', sku: 'ACE-RKT-300', price: 749, stock: 15,
        description: 'A 300-gram graphite racket that balances power and control for intermediate and advanced players. Pre-strung and ready for the court.',
        bullets: ['300 g, 100 sq in head', 'Graphite and carbon frame', 'Vibration damping', 'Pre-strung'],
        tags: ['tennis', 'racket'], weightKg: 0.3, art: { kind: 'racket', color: '#2563eb' },
      },
      {
        name: 'FlexGrip Adjustable Dumbbells 24 kg', brand: 'FlexGrip', sku: 'FXG-DMB-24', price: 999, stock: 10, badge: 'Top Rated',
        description: 'A pair of adjustable dumbbells that replace fifteen sets, from 2.5 to 24 kg each with a turn of the dial. Perfect for a home gym.',
        bullets: ['2.5–24 kg per dumbbell', 'Dial-select weight change', 'Compact storage trays', 'Pair included'],
        tags: ['dumbbells', 'home gym', 'strength training'], weightKg: 48, art: { kind: 'dumbbell', color: '#374151' },
      },
      {
        name: 'Zen Cork Yoga Mat 6 mm', brand: 'Zen', sku: 'ZEN-MAT-CORK6', price: 189, stock: 50,
        description: 'A natural cork yoga mat with a non-slip surface that grips better when you sweat. Cushioned 6 mm natural rubber base protects knees.',
        bullets: ['Natural cork surface', 'Non-slip when wet', '6 mm natural rubber base', 'Carry strap included'],
        tags: ['yoga', 'mat', 'pilates'], weightKg: 2.4, art: { kind: 'yoga-mat', color: '#a8a29e' },
      },
      {
        name: 'Striker Match Football Size 5', brand: 'Striker', sku: 'STK-FB-5', price: 45, stock: 120, owner: 'house',
        description: 'A FIFA-quality thermally bonded match ball with true flight and a soft touch. Size 5 for players aged 12 and up.',
        bullets: ['Thermally bonded panels', 'Consistent flight', 'Size 5', 'Grass and artificial turf'],
        tags: ['football', 'soccer', 'ball'], weightKg: 0.43, art: { kind: 'ball', color: '#f8fafc' },
      },
    ],
  },
  {
    slug: 'fashion', title: 'Fashion', category: 'Fashion', broad: 'Clothing', warranty: '30-day returns',
    products: [
      {
        name: 'Metro Classic Leather Sneakers', brand: 'Metro', sku: 'MTR-SNK-WHT-42', price: 399, stock: 55, badge: 'Trending', owner: 'house',
        description: 'Minimal white leather sneakers that go with everything from jeans to suits. Cushioned insoles make them comfortable all day.',
        bullets: ['Full-grain leather upper', 'Cushioned removable insole', 'Rubber cupsole', 'Unisex sizing'],
        tags: ['sneakers', 'leather', 'casual'], categories: ['Footwear'], weightKg: 0.9, art: { kind: 'shoe', color: '#f5f5f4' },
      },
      {
        name: 'Nordic Down Puffer Jacket', brand: 'Nordic', sku: 'NRD-PUF-NVY-M', price: 799, compareAt: 999, stock: 22, badge: 'Sale', owner: 'house',
        description: 'A lightweight down puffer jacket that packs into its own pocket. Water-repellent shell for mountain trips and winter travel.',
        bullets: ['700-fill down', 'Water-repellent shell', 'Packs into own pocket', 'Navy, sizes S–XXL'],
        tags: ['jacket', 'winter', 'travel'], weightKg: 0.4, art: { kind: 'jacket', color: '#1e3a8a' },
      },
      {
        name: 'Milano Leather Tote Handbag', brand: 'Milano', sku: 'MLN-TOT-TAN', price: 649, stock: 18, owner: 'house',
        description: 'A structured Italian leather tote with room for a 14-inch laptop. Inside pockets keep keys and phone in place.',
        bullets: ['Italian full-grain leather', 'Fits a 14" laptop', 'Zip and slip pockets', 'Tan'],
        tags: ['handbag', 'tote', 'leather'], weightKg: 0.9, art: { kind: 'handbag', color: '#b45309' },
      },
      {
        name: 'Aviator Polarized Sunglasses', brand: 'Sol', sku: 'SOL-AVI-GLD', price: 299, stock: 40, owner: 'house',
        description: 'Classic aviator sunglasses with polarized lenses that cut glare from sand, sea and roads. Full UV400 protection in a light metal frame.',
        bullets: ['Polarized lenses', 'UV400 protection', 'Lightweight metal frame', 'Case and cloth included'],
        tags: ['sunglasses', 'polarized', 'summer'], weightKg: 0.03, art: { kind: 'sunglasses', color: '#ca8a04' },
      },
      {
        name: 'Essentials Organic Cotton T-Shirt 3-Pack', brand: 'Essentials', sku: 'ESS-TEE-3PK-M', price: 49, stock: 150, badge: 'Great Value', owner: 'house',
        description: 'Three soft crew-neck T-shirts in organic cotton: white, grey and black. A relaxed fit that keeps its shape wash after wash.',
        bullets: ['100% organic cotton', 'White, grey and black', 'Pre-shrunk', 'Sizes S–XXL'],
        tags: ['t-shirt', 'basics', 'cotton'], weightKg: 0.5, art: { kind: 'tshirt', color: '#6b7280' },
      },
    ],
  },
  {
    slug: 'cameras', title: 'Cameras', category: 'Cameras', broad: 'Electronics', warranty: '2-year manufacturer warranty',
    products: [
      {
        name: 'Alpha M7 Mirrorless Camera', brand: 'Optix', sku: 'OPX-M7-BODY', price: 7499, stock: 8, badge: 'Top Rated',
        description: 'A 33 MP full-frame mirrorless camera with real-time eye autofocus and 4K 60p video. In-body stabilisation keeps handheld shots sharp.',
        bullets: ['33 MP full-frame sensor', 'Real-time eye AF for people and animals', '4K 60p 10-bit video', '5-axis in-body stabilisation'],
        tags: ['mirrorless', 'full frame', 'photography', 'camera'], weightKg: 0.66, art: { kind: 'camera', color: '#111827' },
      },
      {
        name: 'GoVenture Hero 12 Action Camera', brand: 'GoVenture', sku: 'GOV-HERO12', price: 1599, stock: 25, badge: 'Waterproof',
        description: 'A rugged action camera that shoots 5.3K video and stays waterproof to 10 metres without a case. HyperSmooth stabilisation makes every ride look steady.',
        bullets: ['5.3K60 video, 27 MP photos', 'Waterproof to 10 m', 'HyperSmooth stabilisation', 'Front and rear screens'],
        tags: ['action camera', 'waterproof', 'vlogging'], weightKg: 0.15, art: { kind: 'action-cam', color: '#0ea5e9' },
      },
      {
        name: 'SkyView Mini 4K Camera Drone', brand: 'SkyView', sku: 'SKV-MINI4K', price: 2299, stock: 11,
        description: 'A palm-sized 249-gram drone that films 4K HDR video with a three-axis gimbal. Obstacle sensing and return-to-home make first flights easy.',
        bullets: ['4K HDR on 3-axis gimbal', 'Under 249 g', '34-minute flight time', 'Obstacle sensing, return to home'],
        tags: ['drone', '4k', 'aerial'], weightKg: 0.25, art: { kind: 'drone', color: '#64748b' },
      },
      {
        name: 'Optix 50mm f/1.8 Prime Lens', brand: 'Optix', sku: 'OPX-LNS-5018', price: 899, stock: 20,
        description: 'A bright, compact 50 mm prime lens for portraits with creamy background blur. Quiet stepping motor for smooth video focus.',
        bullets: ['50 mm f/1.8 aperture', 'Smooth, silent autofocus', 'Compact 186 g', 'Full-frame mount'],
        tags: ['lens', 'portrait', 'prime lens'], weightKg: 0.19, art: { kind: 'lens', color: '#1f2937' },
      },
      {
        name: 'Snapmoment Instant Film Camera', brand: 'Snapmoment', sku: 'SNP-INST-MNT', price: 349, stock: 45, badge: 'Trending',
        description: 'A fun instant camera that prints credit-card-sized photos in seconds. Automatic exposure and a selfie mirror for parties and trips.',
        bullets: ['Prints instant photos in 90 seconds', 'Automatic exposure', 'Selfie mirror and close-up lens', 'Runs on AA batteries'],
        tags: ['instant camera', 'film', 'party'], weightKg: 0.3, art: { kind: 'instant-cam', color: '#5eead4' },
      },
    ],
  },
];

/** The committed image file of a seed product (generated by scripts/generate-product-images.ts). */
export const seedImageFile = (p: Pick<SeedProduct, 'sku'>) => `${p.sku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.webp`;
