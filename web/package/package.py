#!/usr/bin/env python3
"""Packages Perceptron Lab for a learning platform: hands its options to web/package/package.js
(Node), which makes the package with web/package/make_package.js, the code the lab's page runs for
"For your course", from the web bundle's own files (so the two cannot differ).

  package.py --standard scorm12|scorm2004|h5p|html --www BUILD/www [--lesson ID[,ID...]]
             [--lesson-file FILE.json]... [--lang CODE] [--pass 0.8] [--theme light|dark|contrast]
             [--panels data,run|all|none] [--embed] [--title TEXT] [--out FILE]

--lang: a language's code, one of the catalogs of web/i18n (the bundle's package/languages.json).
(--pipwerks PATH is accepted and ignored: the bundle carries package/pipwerks.js.) See package.js
and make_package.js for what each package holds.
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv):
    node = shutil.which('node') or shutil.which('nodejs')
    if not node:
        sys.stderr.write('package: error: Node.js is needed (./build.sh installs it)\n')
        return 2
    return subprocess.call([node, os.path.join(HERE, 'package.js')] + argv)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
