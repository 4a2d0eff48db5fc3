/**
 * The languages a code fence may be highlighted in (issue 39 item 1), by highlight.js name; their
 * aliases (js, ts, py, sh, c#, html, …) come with them. Every grammar kept here is scanned by
 * code-languages.test.ts: each costs well under 150 ms of CPU on every adversarial
 * 3,000-character text, and a rendering highlights at most HIGHLIGHT_MAX (3,000) characters, so
 * highlighting one post costs no more than that. Few grammars are linear (javascript's is
 * quadratic on a run of identifier characters: 16 ms at 3,000, 295 at 12,000): the cap, not the
 * grammar, is what bounds the time. Left out: markdown (its link rule backtracks cubically:
 * 3,000 characters of `[a](` cost 170 ms, 10,000 took 10 s), pgsql (0.1 s a scan), and the ~130
 * grammars a Q&A site rarely needs. A fence in any other language is shown as plain code.
 */
import type { LanguageFn } from 'highlight.js';
import apache from 'highlight.js/lib/languages/apache';
import bash from 'highlight.js/lib/languages/bash';
import cLang from 'highlight.js/lib/languages/c';
import clojure from 'highlight.js/lib/languages/clojure';
import cmake from 'highlight.js/lib/languages/cmake';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import dart from 'highlight.js/lib/languages/dart';
import delphi from 'highlight.js/lib/languages/delphi';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import elixir from 'highlight.js/lib/languages/elixir';
import erlang from 'highlight.js/lib/languages/erlang';
import fortran from 'highlight.js/lib/languages/fortran';
import fsharp from 'highlight.js/lib/languages/fsharp';
import goLang from 'highlight.js/lib/languages/go';
import gradle from 'highlight.js/lib/languages/gradle';
import graphql from 'highlight.js/lib/languages/graphql';
import groovy from 'highlight.js/lib/languages/groovy';
import haskell from 'highlight.js/lib/languages/haskell';
import http from 'highlight.js/lib/languages/http';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import julia from 'highlight.js/lib/languages/julia';
import kotlin from 'highlight.js/lib/languages/kotlin';
import latex from 'highlight.js/lib/languages/latex';
import less from 'highlight.js/lib/languages/less';
import lisp from 'highlight.js/lib/languages/lisp';
import llvm from 'highlight.js/lib/languages/llvm';
import lua from 'highlight.js/lib/languages/lua';
import makefile from 'highlight.js/lib/languages/makefile';
import matlab from 'highlight.js/lib/languages/matlab';
import nginx from 'highlight.js/lib/languages/nginx';
import objectivec from 'highlight.js/lib/languages/objectivec';
import ocaml from 'highlight.js/lib/languages/ocaml';
import perl from 'highlight.js/lib/languages/perl';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import powershell from 'highlight.js/lib/languages/powershell';
import prolog from 'highlight.js/lib/languages/prolog';
import properties from 'highlight.js/lib/languages/properties';
import protobuf from 'highlight.js/lib/languages/protobuf';
import python from 'highlight.js/lib/languages/python';
import rLang from 'highlight.js/lib/languages/r';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scala from 'highlight.js/lib/languages/scala';
import scheme from 'highlight.js/lib/languages/scheme';
import scss from 'highlight.js/lib/languages/scss';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import vbnet from 'highlight.js/lib/languages/vbnet';
import vim from 'highlight.js/lib/languages/vim';
import wasm from 'highlight.js/lib/languages/wasm';
import x86asm from 'highlight.js/lib/languages/x86asm';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

export const CODE_LANGUAGES: Record<string, LanguageFn> = {
  apache,
  bash,
  c: cLang,
  clojure,
  cmake,
  cpp,
  csharp,
  css,
  dart,
  delphi,
  diff,
  dockerfile,
  elixir,
  erlang,
  fortran,
  fsharp,
  go: goLang,
  gradle,
  graphql,
  groovy,
  haskell,
  http,
  ini,
  java,
  javascript,
  json,
  julia,
  kotlin,
  latex,
  less,
  lisp,
  llvm,
  lua,
  makefile,
  matlab,
  nginx,
  objectivec,
  ocaml,
  perl,
  php,
  plaintext,
  powershell,
  prolog,
  properties,
  protobuf,
  python,
  r: rLang,
  ruby,
  rust,
  scala,
  scheme,
  scss,
  shell,
  sql,
  swift,
  typescript,
  vbnet,
  vim,
  wasm,
  x86asm,
  xml,
  yaml,
};
