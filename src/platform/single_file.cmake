# Builds the single self-contained perceptron-lab.html: the page of web/index.html with its
# scripts (page-text.js and page/*.js from the web bundle), the engine (JS with the wasm
# inside, -sSINGLE_FILE=1) and every language's fonts (base64) inlined, so it works opened
# from disk (file://) or uploaded to a learning platform as one file, in every language.
#   cmake -DSHELL=web/index.html -DWWW=www -DENGINE=single/perceptron-lab.js
#         "-DFONTS=zh=single/zh.ttf.b64;..." -DOUT=www/perceptron-lab.html -P single_file.cmake
foreach(var SHELL WWW ENGINE OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "single_file.cmake: -D${var}=... is required")
  endif()
endforeach()
file(READ "${SHELL}" page)
file(READ "${ENGINE}" engine)
string(FIND "${engine}" "</script" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "the engine contains '</script' and cannot be inlined")
endif()

# The page's own scripts: each <script src="NAME"></script> of a file of the bundle becomes
# an inline script with that file's text.
string(REGEX MATCHALL "<script src=\"[A-Za-z0-9_./-]+\\.js\"></script>" tags "${page}")
if(NOT tags)
  message(FATAL_ERROR "${SHELL} loads no script of its own")
endif()
foreach(tag IN LISTS tags)
  string(REGEX REPLACE "^<script src=\"([^\"]+)\"></script>$" "\\1" name "${tag}")
  if(NOT EXISTS "${WWW}/${name}")
    message(FATAL_ERROR "${SHELL} loads ${name}, which the web bundle (${WWW}) lacks")
  endif()
  file(READ "${WWW}/${name}" text)
  string(FIND "${text}" "</script" bad)
  if(NOT bad EQUAL -1)
    message(FATAL_ERROR "${name} contains '</script' and cannot be inlined")
  endif()
  string(REPLACE "${tag}" "<script>\n${text}</script>" page "${page}")
endforeach()

set(begin_marker "/*PLA-LOAD-ENGINE-BEGIN*/")
set(end_marker "/*PLA-LOAD-ENGINE-END*/")
string(FIND "${page}" "${begin_marker}" b)
string(FIND "${page}" "${end_marker}" e)
if(b EQUAL -1 OR e EQUAL -1)
  message(FATAL_ERROR "the page's scripts lack the engine-loading markers")
endif()
string(LENGTH "${end_marker}" end_len)
math(EXPR tail_start "${e} + ${end_len}")
string(SUBSTRING "${page}" 0 ${b} head)
string(SUBSTRING "${page}" ${tail_start} -1 tail)
# It carries the SIMD build only (the folder's index.html picks the build without SIMD where
# the browser lacks it); the page says so instead of failing to compile.
set(loader "if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    page.showError(page.t('no_wasm'));
  } else if (!page.simdSupported()) {
    page.showError(page.t('wasm_feature', { reason: 'WebAssembly SIMD' }));
  } else {
    page.api.variant = 'simd';
    page.api.loadedBy['perceptron-lab.wasm'] = 'inline';
    var script = document.createElement('script');
    script.text = document.getElementById('pla-engine').textContent;
    document.body.appendChild(script);
  }")
# The engine and the fonts go first in <body>, so they are parsed before the loader reads them.
set(inline "")
foreach(pair IN LISTS FONTS)
  string(REGEX REPLACE "=.*$" "" name "${pair}")
  string(REGEX REPLACE "^[^=]*=" "" file "${pair}")
  file(READ "${file}" font)
  if(NOT font MATCHES "^[A-Za-z0-9+/=]+$")
    message(FATAL_ERROR "${file} is not base64")
  endif()
  string(APPEND inline "\n<script type=\"application/octet-stream\" id=\"pla-font-${name}\">${font}</script>")
endforeach()
string(REPLACE "<body>" "<body>${inline}
<script type=\"text/plain\" id=\"pla-engine\">${engine}</script>" head "${head}")
file(WRITE "${OUT}" "${head}${loader}${tail}")
