# tests/fuzz/gen.awk: one case of the differential fuzzer (fuzz.sh), drawn
# from a seed: a tree and a command line.  Run as
#   LC_ALL=C awk -v seed=N -v prog=P -v who=root|nobody \
#       -v known=tests/fuzz/known-differences -f gen.awk
# It prints the case as shell: fz_prog, fz_who, fz_cmd (the command line
# after the program's name, names in single quotes, for eval "set --
# $fz_cmd"), fz_tags, fz_known (the reason, when a line of KNOWN matches:
# a difference newer GNU documents and we follow, not a finding) and a
# function fz_tree that makes the tree t/ in the current directory.  Names
# never hold ' " $ ` or \, so fz_cmd can be double-quoted.
# Same seed, same awk, same case.

function rnd(n) { return int(rand() * n) }
function pick(s,   a, k) { k = split(s, a, "|"); return a[1 + rnd(k)] }
function chance(p) { return rand() < p }
function q(s) { return "'" s "'" }

# A name for entry K: mostly short, now and then a space, a newline, a
# leading dash, invalid UTF-8, a dot, or 200+ bytes.
function name_for(k,   r, s) {
  r = rnd(100)
  if (r < 55) s = pick("a|b|c|d|f|x|dir|file|F|G|sub")
  else if (r < 63) s = "sp ace"
  else if (r < 69) s = "new\nline"
  else if (r < 76) s = "-dash"
  else if (r < 82) s = "bad\377\376utf"
  else if (r < 88) s = ".hid"
  else if (r < 92) { s = "long"; while (length(s) < 200 + rnd(40)) s = s "x" }
  else s = "--" pick("help|version|r|f")
  return s k
}

# ---- the tree ----------------------------------------------------------
function add(p, t, d) { n++; path[n] = p; type[n] = t; depth[n] = d; idx[p] = n; return n }
# A random directory to hold a new entry, no deeper than MAXDEPTH.
function some_dir(   k, i) {
  for (k = 0; k < 20; k++) {
    i = 1 + rnd(n)
    if (type[i] == "d" && depth[i] < maxdepth) return i
  }
  return 1
}
# Of type T (f, d, l), or 0.
function some_of(t,   k, i) {
  for (k = 0; k < 30; k++) { i = 1 + rnd(n); if (type[i] == t) return i }
  return 0
}
# The path from directory D's inside back to the work directory.
function up(d,   s, k) { s = ""; for (k = 0; k <= d; k++) s = s "../"; return s }

function file_cmd(p,   r) {
  r = rnd(10)
  if (r < 3) return ": > " q(p)
  if (r < 5) return "printf 'data%s' " rnd(1000) " > " q(p)
  if (r < 7) return "head -c " (1 + rnd(70000)) " /dev/zero > " q(p)
  if (r < 8) return "truncate -s " (1 + rnd(3000000)) " " q(p)
  return "head -c " (1 + rnd(9000)) " /dev/zero > " q(p) " && truncate -s " \
         (10000 + rnd(2000000)) " " q(p)
}

function symlink_cmd(p, d,   r, i, tgt) {
  r = rnd(10)
  if (r < 3 && (i = some_of("f"))) { tgt = up(d) path[i]; linkto[n + 1] = i }
  else if (r < 5 && (i = some_of("d"))) { tgt = up(d) path[i]; linkto[n + 1] = i }
  else if (r < 6) { tgt = "nowhere"; badlink[n + 1] = 1 }
  else if (r < 7) { tgt = p; sub(/.*\//, "", tgt); badlink[n + 1] = 1 }  # itself
  else if (r < 8 && (i = some_of("l"))) {                  # a chain
    tgt = up(d) path[i]; linkto[n + 1] = i
    if (badlink[i]) badlink[n + 1] = 1       # to one that dangles or loops
  }
  else if (r < 9) tgt = ".."
  else { tgt = "nowhere/x"; badlink[n + 1] = 1 }
  if (badlink[n + 1] && tags !~ /@badtree/) tags = tags " @badtree"
  return "ln -s -- " q(tgt) " " q(p)
}

function make_tree(   want, k, par, r, p, i, big, nb, d) {
  add("t", "d", 0)
  print "fz_tree ()\n{"
  print "mkdir t &&"
  want = pick("3|8|20|40|80|150|300")
  maxdepth = 1 + rnd(8)
  for (k = 1; k <= want; k++) {
    par = some_dir(); d = depth[par]
    p = path[par] "/" name_for(k)
    r = rnd(100)
    if (r < 28) { print "mkdir " q(p) " &&"; add(p, "d", d + 1) }
    else if (r < 65) { print file_cmd(p) " &&"; add(p, "f", d + 1) }
    else if (r < 78) { print symlink_cmd(p, d) " &&"; add(p, "l", d + 1) }
    else if (r < 90 && (i = some_of("f"))) { print "ln " q(path[i]) " " q(p) " &&"; nlinks++ }
    else if (r < 95) { print "mkfifo " q(p) " &&"; add(p, "p", d + 1) }
    else { print "mkdir " q(p) " &&"; add(p, "d", d + 1) }
  }
  if (chance(0.02)) {
    big = some_dir(); nb = 2000 + rnd(3000)
    print "(cd " q(path[big]) " && i=0 && while [ $i -lt " nb " ]; do : > big$i || exit; i=$((i+1)); done) &&"
    tags = tags " @big"
  }
  owners(); modes()
  print ":\n}"
}

# Owners: as root, some entries another user's; as nobody, the tree
# nobody's but some root's.
function owners(   k) {
  if (who == "nobody") print "chown -R -h 65534:65534 t &&"
  for (k = 2; k <= n; k++)
    if (chance(0.1)) {
      print "chown -h " (who == "nobody" ? "0:0" : pick("1234:4321|0:99|65534:65534|77:88")) " " q(path[k]) " &&"
      if (who == "nobody") root_owned[k] = 1
    }
}

# Modes: files any, directories now and then closed (deepest first): a
# mode that shuts out everyone, or, as nobody, one that shuts out others
# on a directory root owns.
function modes(   k, m) {
  for (k = n; k >= 2; k--) {
    if (type[k] == "f" && chance(0.15))
      print "chmod " pick("0|400|600|644|755|4755|2755|1777|0111") " " q(path[k]) " &&"
    if (type[k] == "d" && chance(0.08)) {
      m = pick("000|300|400|500|700|1777|555")
      print "chmod " m " " q(path[k]) " &&"
      if (m ~ /^(000|300|400)$/ || (root_owned[k] && m ~ /^(500|700)$/)) {
        tags = tags " @closed"
        closed[k] = 1
      }
    }
  }
}

# Whether the symlink I, or the one it points to (HOPS links along),
# leads into a directory that shuts nobody out (@closed), so that as
# nobody it cannot be followed, as if it dangled.
function behind_closed(i, hops,   j, a) {
  if (type[i] != "l" || !(j = linkto[i]) || hops > 8) return 0
  for (a = path[j]; sub(/\/[^\/]*$/, "", a); )
    if (closed[idx[a]]) return 1
  return behind_closed(j, hops + 1)
}

# ---- the command line --------------------------------------------------
function operand(   r, i) {
  r = rnd(100)
  if (r < 22) return "t"
  if (r < 80) {
    i = 1 + rnd(n)
    if (badlink[i] || (who == "nobody" && behind_closed(i, 0)))
      tags = tags " @badlink"
    slash = (chance(0.05) && type[i] == "d") ? "/" : ""
    return path[i] slash
  }
  if (r < 86) return "missing"
  if (r < 90) return "t/missing/x"
  if (r < 92 && prog == "rm") return "t/."
  if (nops) return ops[1 + rnd(nops)]
  return "t"
}

function operands(   k, m, s, o) {
  m = chance(0.5) ? 1 : 1 + rnd(4)
  s = ""
  for (k = 1; k <= m; k++) { o = operand(); ops[++nops] = o; s = s " " q(o) }
  return s
}

function flags(list, p,   a, k, m, s) {
  m = split(list, a, " "); s = ""
  for (k = 1; k <= m; k++) if (chance(p)) s = s " " a[k]
  return s
}

function ref_operand(   i) {
  i = 1 + rnd(n)
  return chance(0.9) ? q(path[i]) : "missing"
}

function command(   s) {
  if (prog == "rm")
    s = flags("-r -R -f -v -d --one-file-system --preserve-root -i -I", 0.25)
  else if (prog == "du") {
    s = flags("-a -s -c -h -k -m -l -L -P -H -x -S -0 --inodes --time -b --apparent-size", 0.12)
    if (chance(0.15)) s = s " -B " pick("1|512|1K|3|1M|KB")
    if (chance(0.2)) s = s " -d " pick("0|1|2|3|-1")
    if (chance(0.1)) s = s " --exclude=" q(pick("*a*|f*|*[0-9]|sub*|*x"))
    if (chance(0.1)) s = s " -t " pick("4096|-4096|0|1M|-1")
  }
  else if (prog == "chmod") {
    s = flags("-R -v -c -f -h -H -L -P --dereference --preserve-root", 0.2)
    if (chance(0.1)) s = s " --reference=" ref_operand()
    else s = s " " pick("755|644|u+x|g-w|o=|a+rX|u+s|g+s|+t|0|777|u=g|go-rwx|=|-w|-x,+r|a-x|u-r,g=u")
  }
  else {
    s = flags("-R -v -c -f -h -H -L -P --dereference --no-dereference --preserve-root", 0.2)
    if (chance(0.15)) s = s " --from=" pick("0:0|65534|:65534|1234:4321|0|:0")
    if (chance(0.1)) s = s " --reference=" ref_operand()
    else if (prog == "chown") s = s " " pick("1234|1234:4321|:99|0:0|nobody|root:root|65534|77:88|:")
    else s = s " " pick("99|0|4321|nogroup|root|65534")
  }
  return substr(s, 2) operands()
}

# The reason of the first line of KNOWN (PROGRAM WHO ERE REASON, tab
# separated) whose program and user fit and whose ERE matches " CMD TAGS ".
function known_reason(cmd,   line, f, subject) {
  if (known == "") return ""
  subject = " " cmd " " tags " "
  while ((getline line < known) > 0) {
    if (line ~ /^#/ || line !~ /\t/) continue
    split(line, f, "\t")
    if ((f[1] == prog || f[1] == "*") && (f[2] == who || f[2] == "*") \
        && subject ~ f[3]) { close(known); return f[4] }
  }
  close(known)
  return ""
}

BEGIN {
  srand(seed)
  print "# fuzz case: seed " seed
  print "fz_prog=" prog
  print "fz_who=" who
  make_tree()
  cmd = command()
  print "fz_cmd=\"" cmd "\""
  print "fz_tags='" tags "'"
  r = known_reason(cmd)
  gsub(/'/, "", r)
  print "fz_known='" r "'"
}
