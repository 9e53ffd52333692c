/* The C k-d tree peer of wayside-bench's 12-nearest figure: a plain depth-first k-d tree
 * (median split on the widest axis, 16-point leaves, points in tree order, nearer child first,
 * a fixed max-heap of the k best squared chords), the reference issue 15 measured.
 *
 * Usage: kdtree_peer STATIONS.f64 QUERIES.f64 K   (files as for ckdtree_peer.py)
 * Prints `build_ms=… query_us=…` (medians of 5 runs, CPU time of this process).
 * Built by wayside-bench with `cc -O2` in the same run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double p[3]; } Pt;
typedef struct { double lo[3], hi[3]; int start, end, left, right; } Node;
static Pt *pts; static Node *nodes; static int nnodes;

static int build(int lo, int hi) {
  int me = nnodes++; Node *n = &nodes[me];
  for (int a = 0; a < 3; a++) { n->lo[a] = INFINITY; n->hi[a] = -INFINITY; }
  for (int i = lo; i < hi; i++) for (int a = 0; a < 3; a++) {
    if (pts[i].p[a] < n->lo[a]) n->lo[a] = pts[i].p[a];
    if (pts[i].p[a] > n->hi[a]) n->hi[a] = pts[i].p[a];
  }
  n->start = lo; n->end = hi; n->left = n->right = -1;
  if (hi - lo <= 16) return me;
  int axis = 0;
  for (int a = 1; a < 3; a++) if (n->hi[a] - n->lo[a] > n->hi[axis] - n->lo[axis]) axis = a;
  int k = (lo + hi) / 2, l = lo, r = hi - 1;
  while (l < r) { /* quickselect */
    double pivot = pts[(l + r) / 2].p[axis]; int i = l, j = r;
    while (i <= j) {
      while (pts[i].p[axis] < pivot) i++;
      while (pts[j].p[axis] > pivot) j--;
      if (i <= j) { Pt t = pts[i]; pts[i] = pts[j]; pts[j] = t; i++; j--; }
    }
    if (k <= j) r = j; else if (k >= i) l = i; else break;
  }
  int left = build(lo, k), right = build(k, hi);
  nodes[me].left = left; nodes[me].right = right;
  return me;
}

static double boxd(const Node *n, const double *q) {
  double s = 0;
  for (int a = 0; a < 3; a++) {
    double d = q[a] < n->lo[a] ? n->lo[a] - q[a] : (q[a] > n->hi[a] ? q[a] - n->hi[a] : 0);
    s += d * d;
  }
  return s;
}

static double heap[64]; static int hidx[64], hn, K;
static void offer(double d, int i) {
  if (hn < K) { /* sift up */
    int c = hn++;
    while (c > 0 && heap[(c - 1) / 2] < d) { heap[c] = heap[(c - 1) / 2]; hidx[c] = hidx[(c - 1) / 2]; c = (c - 1) / 2; }
    heap[c] = d; hidx[c] = i; return;
  }
  if (d >= heap[0]) return;
  int p = 0; /* sift down */
  for (;;) {
    int c = 2 * p + 1; if (c >= hn) break;
    if (c + 1 < hn && heap[c + 1] > heap[c]) c++;
    if (heap[c] <= d) break;
    heap[p] = heap[c]; hidx[p] = hidx[c]; p = c;
  }
  heap[p] = d; hidx[p] = i;
}

static void search(int ni, const double *q, double bound) {
  if (hn == K && bound >= heap[0]) return;
  const Node *n = &nodes[ni];
  if (n->left < 0) {
    for (int i = n->start; i < n->end; i++) {
      double dx = pts[i].p[0] - q[0], dy = pts[i].p[1] - q[1], dz = pts[i].p[2] - q[2];
      double d = dx * dx + dy * dy + dz * dz;
      if (hn < K || d < heap[0]) offer(d, i);
    }
    return;
  }
  double dl = boxd(&nodes[n->left], q), dr = boxd(&nodes[n->right], q);
  if (dl <= dr) { search(n->left, q, dl); search(n->right, q, dr); }
  else { search(n->right, q, dr); search(n->left, q, dl); }
}

static double *load(const char *path, long *count) {
  FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(2); }
  fseek(f, 0, SEEK_END); long bytes = ftell(f); fseek(f, 0, SEEK_SET);
  double *v = malloc(bytes); if (fread(v, 1, bytes, f) != (size_t)bytes) exit(2);
  fclose(f); *count = bytes / 16; return v;
}
static void unit(const double *ll, Pt *out) {
  double la = ll[0] * M_PI / 180, lo = ll[1] * M_PI / 180;
  out->p[0] = cos(la) * cos(lo); out->p[1] = cos(la) * sin(lo); out->p[2] = sin(la);
}
static double cpu(void) {
  struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9;
}
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: kdtree_peer STATIONS.f64 QUERIES.f64 K\n"); return 2; }
  long n, m; double *s = load(argv[1], &n), *qs = load(argv[2], &m); K = atoi(argv[3]);
  if (K < 1 || K > 64) return 2;
  Pt *input = malloc(n * sizeof(Pt)), *queries = malloc(m * sizeof(Pt));
  for (long i = 0; i < n; i++) unit(&s[2 * i], &input[i]);
  for (long i = 0; i < m; i++) unit(&qs[2 * i], &queries[i]);
  pts = malloc(n * sizeof(Pt)); nodes = malloc((4 * n / 8 + 8) * sizeof(Node));
  double builds[5], runs[5]; long sink = 0;
  for (int r = 0; r < 5; r++) {
    memcpy(pts, input, n * sizeof(Pt)); nnodes = 0;
    double t = cpu(); build(0, (int)n); builds[r] = cpu() - t;
  }
  for (int r = 0; r < 5; r++) {
    double t = cpu();
    for (int rep = 0; rep < 10; rep++)
      for (long i = 0; i < m; i++) { hn = 0; search(0, queries[i].p, boxd(&nodes[0], queries[i].p)); sink += hidx[0]; }
    runs[r] = (cpu() - t) / (10.0 * m);
  }
  qsort(builds, 5, sizeof(double), cmp); qsort(runs, 5, sizeof(double), cmp);
  printf("build_ms=%.3f query_us=%.4f sink=%ld\n", builds[2] * 1e3, runs[2] * 1e6, sink);
  return 0;
}
