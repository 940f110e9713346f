// The UAE's public holidays for the private sector, 2026 and 2027 (decision 0151): the seed of the table the admin
// keeps. Gregorian holidays are fixed; the Islamic ones follow the moon (Umm al-Qura calendar estimates) and move by
// a day when the sighting committee announces them, so they are marked estimated until an admin confirms them.
export type HolidaySeed = { date: string; name_en: string; name_ar: string; estimated: boolean };

const fixed = (date: string, name_en: string, name_ar: string): HolidaySeed => ({ date, name_en, name_ar, estimated: false });
const moon = (date: string, name_en: string, name_ar: string): HolidaySeed => ({ date, name_en, name_ar, estimated: true });

export const UAE_HOLIDAYS_SEED: readonly HolidaySeed[] = [
  fixed('2026-01-01', "New Year's Day", 'رأس السنة الميلادية'),
  moon('2026-03-20', 'Eid Al Fitr', 'عيد الفطر'),
  moon('2026-03-21', 'Eid Al Fitr holiday', 'عطلة عيد الفطر'),
  moon('2026-03-22', 'Eid Al Fitr holiday', 'عطلة عيد الفطر'),
  moon('2026-05-26', 'Arafat Day', 'يوم عرفة'),
  moon('2026-05-27', 'Eid Al Adha', 'عيد الأضحى'),
  moon('2026-05-28', 'Eid Al Adha holiday', 'عطلة عيد الأضحى'),
  moon('2026-05-29', 'Eid Al Adha holiday', 'عطلة عيد الأضحى'),
  moon('2026-06-16', 'Hijri New Year', 'رأس السنة الهجرية'),
  moon('2026-08-25', "Prophet Muhammad's Birthday", 'المولد النبوي الشريف'),
  fixed('2026-12-01', 'Commemoration Day', 'يوم الشهيد'),
  fixed('2026-12-02', 'National Day', 'عيد الاتحاد'),
  fixed('2026-12-03', 'National Day holiday', 'عطلة عيد الاتحاد'),
  fixed('2027-01-01', "New Year's Day", 'رأس السنة الميلادية'),
  moon('2027-03-10', 'Eid Al Fitr', 'عيد الفطر'),
  moon('2027-03-11', 'Eid Al Fitr holiday', 'عطلة عيد الفطر'),
  moon('2027-03-12', 'Eid Al Fitr holiday', 'عطلة عيد الفطر'),
  moon('2027-05-15', 'Arafat Day', 'يوم عرفة'),
  moon('2027-05-16', 'Eid Al Adha', 'عيد الأضحى'),
  moon('2027-05-17', 'Eid Al Adha holiday', 'عطلة عيد الأضحى'),
  moon('2027-05-18', 'Eid Al Adha holiday', 'عطلة عيد الأضحى'),
  moon('2027-06-06', 'Hijri New Year', 'رأس السنة الهجرية'),
  moon('2027-08-15', "Prophet Muhammad's Birthday", 'المولد النبوي الشريف'),
  fixed('2027-12-01', 'Commemoration Day', 'يوم الشهيد'),
  fixed('2027-12-02', 'National Day', 'عيد الاتحاد'),
  fixed('2027-12-03', 'National Day holiday', 'عطلة عيد الاتحاد'),
];
