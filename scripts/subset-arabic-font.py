#!/usr/bin/env python3
"""Writes the Arabic pages' font files (decision 0136) from @fontsource/ibm-plex-sans-arabic.

    apt-get install -y python3-fonttools python3-brotli   # Debian's fontTools (or: pip install fonttools brotli)
    /usr/bin/python3 scripts/subset-arabic-font.py         # after npm install; writes apps/web/src/fonts/*.woff2

The package's files carry TrueType hinting instructions (fpgm, prep, cvt: drawn only by Windows' rasteriser at small
sizes), every glyph's name (the post table) and, in the Arabic file, the letters of every language written in Arabic
script (the Arabic Supplement and Extended blocks, Urdu, Sindhi, Kurdish, Quranic marks) with their contextual forms,
and the legacy presentation-form code points: the pages write Arabic. The subsets keep every glyph the kept characters reach through
the font's own substitutions (contextual forms, ligatures, marks) and every OpenType layout feature, so text set in
them is shaped and positioned exactly as before. IBM Plex Sans Arabic is under the SIL Open Font License 1.1 with no
Reserved Font Name; the licence travels with the files (OFL.txt beside them).
"""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, 'node_modules', '@fontsource', 'ibm-plex-sans-arabic')
OUT = os.path.join(ROOT, 'apps', 'web', 'src', 'fonts')

# Must match the unicode-range of each @font-face in apps/web/src/fonts.css.
RANGES = {
    # Arabic as the pages write it: the comma, semicolon, letter mark and question mark, the letters, tatweel,
    # harakat and other marks (U+0621-065F), Arabic-Indic digits and number signs, dotless letters, superscript alef
    # and alef wasla (U+0660-0671), the letters Gulf Arabic borrows for foreign names (peh, tcheh, veh, keheh, gaf,
    # farsi yeh), the extended digits, the joiners and direction marks. Other languages' letters of the Arabic block
    # (Urdu, Sindhi, Kurdish, Quranic annotation) draw in the system's Arabic font.
    'arabic': [(0x060C, 0x060C), (0x061B, 0x061C), (0x061F, 0x061F), (0x0621, 0x0671), (0x067E, 0x067E), (0x0686, 0x0686),
               (0x06A4, 0x06A4), (0x06A9, 0x06A9), (0x06AF, 0x06AF), (0x06CC, 0x06CC), (0x06F0, 0x06F9), (0x200C, 0x200F)],
    # The Latin an Arabic page writes on its first view (decision 0156): ASCII (the brand, the language switch's
    # 'English', digits, codes), the no-break space, (c), the guillemets and the multiplication sign the Arabic texts
    # use, general punctuation (dashes, quotes, the bidi isolates), the euro and minus signs. Preloaded with the Arabic.
    'latin': [(0x0000, 0x007E), (0x00A0, 0x00A0), (0x00A9, 0x00A9), (0x00AB, 0x00AB), (0x00BB, 0x00BB), (0x00D7, 0x00D7),
              (0x2000, 0x206F), (0x20AC, 0x20AC), (0x2212, 0x2212), (0xFEFF, 0xFEFF), (0xFFFD, 0xFFFD)],
    # The rest of the package's Latin range (accented letters of product names, trade and arrow signs): not preloaded,
    # the browser fetches it only for a page that writes one of them.
    'latin-supplement': [(0x007F, 0x009F), (0x00A1, 0x00A8), (0x00AA, 0x00AA), (0x00AC, 0x00BA), (0x00BC, 0x00D6),
                         (0x00D8, 0x00FF), (0x0131, 0x0131), (0x0152, 0x0153), (0x02BB, 0x02BC), (0x02C6, 0x02C6),
                         (0x02DA, 0x02DA), (0x02DC, 0x02DC), (0x0304, 0x0304), (0x0308, 0x0308), (0x0329, 0x0329),
                         (0x2122, 0x2122), (0x2191, 0x2191), (0x2193, 0x2193), (0x2215, 0x2215)],
}
# The package's file each cut is made from.
SOURCE_SCRIPT = {'arabic': 'arabic', 'latin': 'latin', 'latin-supplement': 'latin'}
WEIGHTS = ['400', '700']


def subset_file(script: str, weight: str) -> None:
    name = f'ibm-plex-sans-arabic-{script}-{weight}-normal.woff2'
    src = os.path.join(SOURCE, 'files', f'ibm-plex-sans-arabic-{SOURCE_SCRIPT[script]}-{weight}-normal.woff2')
    options = subset.Options()
    options.flavor = 'woff2'
    options.layout_features = ['*']   # every feature the font has: shaping stays the font's own
    options.hinting = False           # no TrueType instructions (fpgm, prep, cvt, per-glyph programs)
    options.glyph_names = False       # post table format 3: no glyph names
    options.notdef_outline = True
    options.name_IDs = ['*']          # the font's naming, copyright and licence records as they are
    options.name_languages = ['*']
    font = TTFont(src)
    unicodes = [u for lo, hi in RANGES[script] for u in range(lo, hi + 1)]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    os.makedirs(OUT, exist_ok=True)
    dest = os.path.join(OUT, name)
    subset.save_font(font, dest, options)
    print(f'{name}: {os.path.getsize(src)} -> {os.path.getsize(dest)} bytes')


def main() -> int:
    if not os.path.isdir(SOURCE):
        print(f'{SOURCE} is missing: run npm install first', file=sys.stderr)
        return 1
    for script in RANGES:
        for weight in WEIGHTS:
            subset_file(script, weight)
    with open(os.path.join(SOURCE, 'LICENSE'), encoding='utf8') as f:
        licence = f.read()
    with open(os.path.join(OUT, 'OFL.txt'), 'w', encoding='utf8') as f:
        f.write(licence)
    return 0


if __name__ == '__main__':
    sys.exit(main())
