#!/usr/bin/env bash
# Makes DejaVuSans-Bold-subset.ttf, the renderer's embedded font, from Debian's fonts-dejavu-core
# with fontTools (`pip install fonttools`). Not run by the build: the subset is committed.
#
# Latin, Greek, Cyrillic and punctuation as before, plus Hebrew and Arabic with the layout
# features that shape them (contextual forms, ligatures, mark placement), so names in those
# scripts are drawn joined and in their own direction (issue 39). Unhinted: ab_glyph does not
# hint.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
    --unicodes='U+0020-007E,U+00A0-017F,U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-045F,U+2000-2064,U+206A-206F,U+2193,U+0590-05FF,U+0600-06FF,U+FB1D-FB4F,U+FB50-FDFF,U+FE70-FEFF' \
    --layout-features='ccmp,locl,isol,init,medi,fina,rlig,liga,mark,mkmk' \
    --no-hinting --desubroutinize --name-IDs='*' --name-languages='*' \
    --output-file="$here/DejaVuSans-Bold-subset.ttf"
