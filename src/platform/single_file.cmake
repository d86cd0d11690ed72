# Builds the single self-contained perceptron-lab.html: the page of web/index.html
# with the engine (JS with the wasm inside, -sSINGLE_FILE=1) inlined, so it works
# opened from disk (file://) or uploaded to a learning platform as one file.
#   cmake -DSHELL=web/index.html -DENGINE=single/perceptron-lab.js -DOUT=www/perceptron-lab.html -P single_file.cmake
file(READ "${SHELL}" page)
file(READ "${ENGINE}" engine)
string(FIND "${engine}" "</script" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "the engine contains '</script' and cannot be inlined")
endif()
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
set(loader "var script = document.createElement('script');
  script.text = document.getElementById('pla-engine').textContent;
  document.body.appendChild(script);")
# The engine goes first in <body>, so it is parsed before the loader reads it.
string(REPLACE "<body>" "<body>
<script type=\"text/plain\" id=\"pla-engine\">${engine}</script>" head "${head}")
file(WRITE "${OUT}" "${head}${loader}${tail}")
