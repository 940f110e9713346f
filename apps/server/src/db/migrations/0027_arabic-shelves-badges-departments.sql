CREATE TABLE "category_names" (
	"name" text PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "badge_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shelves" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The demo departments and their broader groups in Arabic (the names the demo catalogue's products carry).
INSERT INTO "category_names" ("name", "name_ar") VALUES
	('Smartphones', 'الهواتف الذكية'),
	('Laptops', 'أجهزة اللابتوب'),
	('Audio', 'الصوتيات'),
	('Smart Home', 'المنزل الذكي'),
	('Fitness Wearables', 'الأجهزة الرياضية القابلة للارتداء'),
	('Gaming', 'الألعاب'),
	('Kitchen', 'المطبخ'),
	('Outdoor', 'الأنشطة الخارجية'),
	('Beauty', 'الجمال'),
	('Pets', 'الحيوانات الأليفة'),
	('Home Office', 'المكتب المنزلي'),
	('Musical Instruments', 'الآلات الموسيقية'),
	('Books', 'الكتب'),
	('Sports', 'الرياضة'),
	('Fashion', 'الأزياء'),
	('Cameras', 'الكاميرات'),
	('Electronics', 'الإلكترونيات'),
	('Home', 'المنزل'),
	('Health', 'الصحة'),
	('Music', 'الموسيقى'),
	('Clothing', 'الملابس'),
	('Footwear', 'الأحذية')
ON CONFLICT ("name") DO NOTHING;
