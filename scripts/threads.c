/*
 * The threads test's harness (scripts/threads runs it): a ZTS PHP, through the embed SAPI's
 * libphp.so, loads the extension once, then THREADS threads each serve ITERATIONS requests,
 * one request per iteration, as FrankenPHP's threads do: request startup, SCRIPT, request
 * shutdown. Request n runs `SCRIPT n [SCRIPT ARGS...]` and must exit with status 0 and print
 * one line that starts with "ok ", and nothing else.
 *
 *   threads EXTENSION SCRIPT THREADS ITERATIONS SAMPLES OUTDIR [SCRIPT ARGS...]
 *
 * Thread t starts at iteration t * ITERATIONS / THREADS and wraps around, so the threads work
 * on different inputs at the same moment; each appends what every request printed to
 * OUTDIR/thread-t.txt as it goes (kept in memory, the lines would grow the heap that the memory
 * check watches). Sorted by request, every file must equal the one a single-threaded run
 * writes (scripts/threads compares them).
 *
 * Memory: the threads pause together SAMPLES times, between two requests, after each
 * SAMPLES-th part of their requests (the last pause after their last request). At each pause
 * and before the threads start, one line gives the requests done per thread, the process's
 * resident set (VmRSS) and glibc's heap in use (mallinfo2): "memory N rss KiB R heap KiB H",
 * for the caller to bound. Exit status 1 when any request failed (an exit status, or a
 * line that is not "ok ...").
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sapi/embed/php_embed.h>

#ifndef ZTS
#error "the threads test needs a thread-safe (ZTS) PHP"
#endif

/* What every thread shares, set before any thread starts. */
static const char *script;
static int threads, iterations, samples, script_argc;
static char **script_args;
static pthread_barrier_t pause_in, pause_out;

/* One request's output, gathered by the SAPI's write callback: each thread has its own. */
static __thread char *output;
static __thread size_t output_len, output_cap;

static size_t capture(const char *str, size_t len)
{
    if (output_len + len + 1 > output_cap) {
        output_cap = 2 * (output_len + len + 1);
        output = realloc(output, output_cap);
        if (!output) {
            perror("realloc");
            abort();
        }
    }
    memcpy(output + output_len, str, len);
    output_len += len;
    output[output_len] = '\0';
    return len;
}

static void no_flush(void *server_context) { (void) server_context; }

struct worker {
    int index;
    pthread_t thread;
    FILE *lines; /* what each request printed */
    int failures;
};

/* One PHP request: SCRIPT n [ARGS]; returns what it printed (malloc'ed), NULL when it failed. */
static char *request(int n, int *status)
{
    char number[16];
    snprintf(number, sizeof number, "%d", n);
    char *argv[script_argc + 3];
    argv[0] = (char *) script;
    argv[1] = number;
    for (int i = 0; i < script_argc; i++) {
        argv[i + 2] = script_args[i];
    }
    argv[script_argc + 2] = NULL;

    output_len = 0;
    capture("", 0);
    SG(options) |= SAPI_OPTION_NO_CHDIR;
    SG(request_info).argc = script_argc + 2;
    SG(request_info).argv = argv;
    if (php_request_startup() == FAILURE) {
        *status = -1;
        return NULL;
    }
    SG(headers_sent) = 1;
    SG(request_info).no_headers = 1;
    EG(exit_status) = 0; /* the thread's executor globals keep the last request's */
    zend_file_handle file;
    zend_stream_init_filename(&file, script);
    bool ran = php_execute_script(&file);
    zend_destroy_file_handle(&file);
    *status = EG(exit_status) == 0 && !ran ? 255 : EG(exit_status);
    php_request_shutdown(NULL);
    return strdup(output);
}

/* Requests per thread before pause number `sample` (1 to SAMPLES). */
static int pause_after(int sample)
{
    return (int) ((long long) iterations * sample / samples);
}

/* Both sides meet twice, so the main thread reads memory while every worker waits. */
static void pause_for_main(void)
{
    pthread_barrier_wait(&pause_in);
    pthread_barrier_wait(&pause_out);
}

static void *serve(void *arg)
{
    struct worker *w = arg;
    (void) ts_resource(0); /* this thread's PHP globals, as a SAPI's thread pool does */
    int first = (int) ((long long) w->index * iterations / threads);
    int sample = 1;
    for (int done = 0; done < iterations; done++) {
        if (done == pause_after(sample)) {
            pause_for_main();
            sample++;
        }
        int n = (first + done) % iterations, status;
        char *line = request(n, &status);
        /* One line, "ok ...": a warning or notice anywhere fails the request too. */
        bool ok = line && strncmp(line, "ok ", 3) == 0 && strchr(line, '\n') == line + strlen(line) - 1;
        if (!ok || status != 0) {
            if (w->failures++ < 3) {
                fprintf(stderr, "thread %d, request %d: exit status %d, output:\n%s\n", w->index, n,
                        status, line ? line : "(request startup failed)");
            }
        }
        fprintf(w->lines, "%s", line ? line : "(request startup failed)\n");
        free(line);
    }
    pause_for_main();
    ts_free_thread();
    free(output);
    return NULL;
}

/* Resident set and malloc'ed heap in use, in KiB. */
static void memory(int done)
{
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (!statm || fscanf(statm, "%ld %ld", &pages, &resident) != 2) {
        resident = -1;
    }
    if (statm) {
        fclose(statm);
    }
#ifdef __GLIBC__
    long heap = (long) (mallinfo2().uordblks / 1024);
#else
    long heap = -1; /* musl has no mallinfo2 */
#endif
    printf("memory %d rss KiB %ld heap KiB %ld\n", done, resident * (sysconf(_SC_PAGESIZE) / 1024), heap);
    fflush(stdout);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: %s EXTENSION SCRIPT THREADS ITERATIONS SAMPLES OUTDIR [SCRIPT ARGS...]\n",
                argv[0]);
        return 2;
    }
    script = argv[2];
    threads = atoi(argv[3]);
    iterations = atoi(argv[4]);
    samples = atoi(argv[5]);
    const char *outdir = argv[6];
    script_argc = argc - 7;
    script_args = argv + 7;
    if (threads < 1 || samples < 1 || iterations < samples) {
        fprintf(stderr, "need THREADS >= 1 and ITERATIONS >= SAMPLES >= 1\n");
        return 2;
    }

    /* php_embed_init(), without its request on this thread, and with our own ini: no php.ini,
     * the extension, errors shown in the output, where the comparison sees them. */
    char ini[4096];
    snprintf(ini, sizeof ini,
             "extension=%s\nhtml_errors=0\nregister_argc_argv=1\ndisplay_errors=1\n"
             "display_startup_errors=1\nlog_errors=0\nerror_reporting=-1\nmemory_limit=256M\n"
             "max_execution_time=0\noutput_buffering=0\nimplicit_flush=0\n",
             argv[1]);
    php_tsrm_startup();
    zend_signal_startup();
    sapi_startup(&php_embed_module);
    php_embed_module.ini_entries = ini;
    php_embed_module.php_ini_ignore = 1;
    php_embed_module.ub_write = capture;
    php_embed_module.flush = no_flush;
    if (php_embed_module.startup(&php_embed_module) == FAILURE) {
        fprintf(stderr, "PHP module startup failed\n");
        return 1;
    }
    if (!zend_hash_str_exists(&module_registry, "url_normalize", strlen("url_normalize"))) {
        fprintf(stderr, "the extension %s did not load\n", argv[1]);
        return 1;
    }
    memory(0);

    struct worker *workers = calloc(threads, sizeof *workers);
    pthread_barrier_init(&pause_in, NULL, threads + 1);
    pthread_barrier_init(&pause_out, NULL, threads + 1);
    double start = now();
    for (int t = 0; t < threads; t++) {
        workers[t].index = t;
        char path[4096];
        snprintf(path, sizeof path, "%s/thread-%d.txt", outdir, t);
        workers[t].lines = fopen(path, "w");
        if (!workers[t].lines) {
            perror(path);
            return 1;
        }
        if (pthread_create(&workers[t].thread, NULL, serve, &workers[t]) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (int sample = 1; sample <= samples; sample++) {
        pthread_barrier_wait(&pause_in);
        memory(pause_after(sample));
        pthread_barrier_wait(&pause_out);
    }
    double end = now();

    int failures = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(workers[t].thread, NULL);
        failures += workers[t].failures;
        if (fclose(workers[t].lines) != 0) {
            perror("fclose");
            return 1;
        }
    }
    printf("seconds %.1f\n", end - start);
    printf("failed requests %d\n", failures);

    php_module_shutdown();
    sapi_shutdown();
    tsrm_shutdown();
    free(workers);
    return failures ? 1 : 0;
}
