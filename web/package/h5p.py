#!/usr/bin/env python3
"""Packs Perceptron Lab as an H5P content type (H5P.PerceptronLab) in a .h5p file: package.py
--standard h5p (web/package/package.js, which runs web/package/make_package.js).

usage: h5p.py --www BUILD/www --lesson ID[,ID...] [--lesson-file FILE.json]... [--lang CODE]
              [--theme light|dark|contrast] [--panels data,algorithm,run,theory,plots|all|none]
              [--embed] [--pass 0.8] [--title TEXT] [--out FILE.h5p]

The .h5p (a zip): h5p.json, content/content.json (the authoring form's values) and the library
H5P.PerceptronLab-1.0 (library.json, semantics.json, lab-page.js: the single-file lab as a
JavaScript string, perceptron-lab-h5p.js and .css). Every file's extension is one H5P accepts by
default (json, js, css).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import package  # noqa: E402


if __name__ == '__main__':
    argv = sys.argv[1:]
    if '--standard' not in argv and not any(a.startswith('--standard=') for a in argv):
        argv = ['--standard', 'h5p'] + argv
    sys.exit(package.main(argv))
