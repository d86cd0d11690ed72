# Builds the single self-contained perceptron-lab.html: the page of web/index.html
# with the engine (JS with the wasm inside, -sSINGLE_FILE=1), the page's texts
# (page-text.js) and the Chinese font (base64) inlined, so it works opened from disk
# (file://) or uploaded to a learning platform as one file, in every language.
#   cmake -DSHELL=web/index.html -DENGINE=single/perceptron-lab.js -DPAGE_TEXT=www/page-text.js
#         -DFONT_ZH=single/zh.ttf.b64 -DOUT=www/perceptron-lab.html -P single_file.cmake
foreach(var SHELL ENGINE PAGE_TEXT FONT_ZH OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "single_file.cmake: -D${var}=... is required")
  endif()
endforeach()
file(READ "${SHELL}" page)
file(READ "${ENGINE}" engine)
file(READ "${PAGE_TEXT}" page_text)
file(READ "${FONT_ZH}" font_zh)
foreach(part engine page_text)
  string(FIND "${${part}}" "</script" bad)
  if(NOT bad EQUAL -1)
    message(FATAL_ERROR "the ${part} contains '</script' and cannot be inlined")
  endif()
endforeach()
if(NOT font_zh MATCHES "^[A-Za-z0-9+/=]+$")
  message(FATAL_ERROR "${FONT_ZH} is not base64")
endif()

# The page's texts: the <script src="page-text.js"> element becomes an inline script.
set(page_text_tag "<script src=\"page-text.js\"></script>")
string(FIND "${page}" "${page_text_tag}" t)
if(t EQUAL -1)
  message(FATAL_ERROR "${SHELL} lacks ${page_text_tag}")
endif()
string(REPLACE "${page_text_tag}" "<script>\n${page_text}</script>" page "${page}")

set(begin_marker "/*PLA-LOAD-ENGINE-BEGIN*/")
set(end_marker "/*PLA-LOAD-ENGINE-END*/")
string(FIND "${page}" "${begin_marker}" b)
string(FIND "${page}" "${end_marker}" e)
if(b EQUAL -1 OR e EQUAL -1)
  message(FATAL_ERROR "${SHELL} lacks the engine-loading markers")
endif()
string(LENGTH "${end_marker}" end_len)
math(EXPR tail_start "${e} + ${end_len}")
string(SUBSTRING "${page}" 0 ${b} head)
string(SUBSTRING "${page}" ${tail_start} -1 tail)
# It carries the SIMD build only (the folder's index.html picks the build without SIMD where
# the browser lacks it); the page says so instead of failing to compile.
set(loader "if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showError(t('no_wasm'));
  } else if (!simdSupported()) {
    showError(t('wasm_feature', { reason: 'WebAssembly SIMD' }));
  } else {
    api.variant = 'simd';
    api.loadedBy['perceptron-lab.wasm'] = 'inline';
    var script = document.createElement('script');
    script.text = document.getElementById('pla-engine').textContent;
    document.body.appendChild(script);
  }")
# The engine and the font go first in <body>, so they are parsed before the loader reads them.
string(REPLACE "<body>" "<body>
<script type=\"application/octet-stream\" id=\"pla-font-zh\">${font_zh}</script>
<script type=\"text/plain\" id=\"pla-engine\">${engine}</script>" head "${head}")
file(WRITE "${OUT}" "${head}${loader}${tail}")
