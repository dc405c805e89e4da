#ifndef QUIETPLACES_CEDITLINE_SHIM_H
#define QUIETPLACES_CEDITLINE_SHIM_H

/*
 * libedit's readline emulation (Debian's libedit 3.1), plus a few helpers for what Swift cannot
 * reach directly: readline's settings are mutable C globals, which Swift 6 will not touch, and a
 * signal handler has to be C.
 *
 * The helpers below keep their state in `static` variables, so there is one copy per object file
 * that uses them: call them from one Swift file only (LineEditor.swift), from functions marked
 * `@inline(never)` (an optimised build would otherwise copy the calls into the callers' files).
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <editline/readline.h>

/*
 * What the SIGINT handler and `qp_readline` share: whether a thread is inside `qp_readline`, which
 * one, and whether a Ctrl-C interrupted it. A function-local static, so that clang emits it with
 * the functions that use it.
 */
struct qp_el_signal_state {
  volatile sig_atomic_t reading;
  volatile sig_atomic_t interrupted;
  /* A Ctrl-C between lines, while a command runs: a request to stop it where it can stop. */
  volatile sig_atomic_t stop_requested;
  /* Whether the process reads lines through libedit; until then a Ctrl-C ends it as by default. */
  volatile sig_atomic_t editing;
  /* Whether the next Ctrl-C or SIGTERM, while no line editor exists, asks a long run (explore) to
   * stop where it can instead of ending the process; cleared by that signal, so a second one ends
   * it. */
  volatile sig_atomic_t stops_run;
  /* The signal that asked the run to stop, or 0. */
  volatile sig_atomic_t stop_signal;
  pthread_t reader;
};

static inline struct qp_el_signal_state *qp_el_signal_state(void) {
  static struct qp_el_signal_state state;
  return &state;
}

/* Installs `handler` for `signo`, with no signal masked while it runs. */
static inline void qp_install_handler(int signo, void (*handler)(int), int flags) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  sigaction(signo, &action, NULL);
}

/*
 * The SIGINT handler, for the whole process. Before a line editor exists, and in modes that never
 * make one, the first Ctrl-C asks a long run to stop when `qp_el_stop_run_on_signals` armed it, and
 * otherwise ends the process as the default action would. The kernel gives a Ctrl-C to any thread
 * that does not block SIGINT, and the main thread of an async `main` waits in dispatch's `sigsuspend` with every
 * signal unblocked: so on another thread the handler passes the signal on to the thread inside
 * `qp_readline`, where it interrupts the read. Between lines a Ctrl-C is noted as a request to stop
 * the command that runs (`qp_el_take_stop_request`); a command that cannot stop finishes.
 */
static void qp_el_on_sigint(int signo) {
  struct qp_el_signal_state *state = qp_el_signal_state();
  if (!state->editing && state->stops_run) {
    /* A long run that stops where it can and reports what it played: only the first Ctrl-C. */
    state->stops_run = 0;
    state->stop_signal = signo;
    return;
  }
  if (!state->editing) {
    /* A mode that reads no line (simulate, test, a plain run; explore until it asks to stop
     * instead): Ctrl-C ends the process, as it does without a terminal. SIGINT is blocked while this runs, so it is delivered, with its default
     * action, as the handler returns. */
    signal(signo, SIG_DFL);
    raise(signo);
    return;
  }
  if (!state->reading) {
    state->stop_requested = 1;
    return;
  }
  if (pthread_equal(pthread_self(), state->reader)) {
    state->interrupted = 1;
  } else {
    int saved = errno;
    pthread_kill(state->reader, signo);
    errno = saved;
  }
}

/*
 * Installs the SIGINT handler and blocks SIGINT in the calling thread and in every thread it starts
 * later. Called first thing on the main thread of an interactive session, before any other thread
 * exists: `qp_readline` unblocks SIGINT in its thread while it waits, and a Ctrl-C that lands on
 * another thread (the main thread, waiting in `sigsuspend`) is passed on to it.
 */
static inline void qp_el_prepare_sigint(void) {
  /* no SA_RESTART: the read in progress fails with EINTR */
  qp_install_handler(SIGINT, qp_el_on_sigint, 0);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/* From now on Ctrl-C interrupts the line being read, or asks the command that runs to stop. */
static inline void qp_el_begin_editing(void) {
  qp_el_signal_state()->editing = 1;
}

/* SIGTERM during a long run: the first asks it to stop, as Ctrl-C does; a second ends the process. */
static void qp_el_on_stop_signal(int signo) {
  struct qp_el_signal_state *state = qp_el_signal_state();
  if (state->stops_run) {
    state->stops_run = 0;
    state->stop_signal = signo;
    return;
  }
  signal(signo, SIG_DFL);
  raise(signo);
}

/* Installs `handler` for `signo` unless the process was started ignoring it (a job a script put in
 * the background ignores SIGINT) or it is installed already. */
static inline void qp_install_unless_ignored(int signo, void (*handler)(int)) {
  struct sigaction current;
  if (sigaction(signo, NULL, &current) != 0) {
    return;
  }
  if (current.sa_handler != handler && current.sa_handler != SIG_IGN) {
    qp_install_handler(signo, handler, SA_RESTART);
  }
}

/*
 * From now on the first Ctrl-C or SIGTERM (a `timeout`, a batch system's time limit, a CI runner
 * cancelling) asks the run to stop (`qp_el_stop_signal`) and a second one ends the process.
 * Installs the SIGINT handler when `qp_el_prepare_sigint` did not (no terminal: a `kill -INT`), with
 * no signal blocked, so any thread may take it; a signal the process was started ignoring stays
 * ignored.
 */
static inline void qp_el_stop_run_on_signals(void) {
  struct qp_el_signal_state *state = qp_el_signal_state();
  state->stop_signal = 0;
  state->stops_run = 1;
  qp_install_unless_ignored(SIGINT, qp_el_on_sigint);
  qp_install_unless_ignored(SIGTERM, qp_el_on_stop_signal);
}

/* The signal that asked the run to stop (see `qp_el_stop_run_on_signals`), or 0; not cleared. */
static inline int qp_el_stop_signal(void) {
  return qp_el_signal_state()->stop_signal;
}

/* Whether Ctrl-C was pressed while no line was being read since the last call; clears it. */
static inline int qp_el_take_stop_request(void) {
  struct qp_el_signal_state *state = qp_el_signal_state();
  int requested = state->stop_requested;
  state->stop_requested = 0;
  return requested;
}

/* The entry function that proposes nothing, so readline never falls back to file names. */
static char *qp_el_no_entries(const char *text, int state) {
  (void)text;
  (void)state;
  return NULL;
}

/*
 * Configures readline before its first use and initialises it.
 *
 * Words for completion are separated by blanks only, completion never falls back to file names,
 * and `complete` (which may be NULL) proposes the candidates. libedit keeps catching signals
 * itself (it restores the terminal on SIGTSTP and SIGCONT and follows SIGWINCH) and passes SIGINT
 * on to the handler that `qp_readline` installs.
 */
static inline int qp_el_initialize(const char *name, rl_completion_func_t *complete) {
  static char blanks[] = " \t\n";
  rl_readline_name = strdup(name);
  rl_catch_signals = 1;
  rl_basic_word_break_characters = blanks;
  rl_completer_word_break_characters = blanks;
  rl_completer_quote_characters = NULL;
  rl_completion_entry_function = qp_el_no_entries;
  rl_attempted_completion_function = complete;
  rl_completion_append_character = ' ';
  rl_completion_query_items = 100;
  return rl_initialize();
}

/*
 * Tells readline, from inside a completion function, that the matches returned are final (no
 * fallback) and what to insert after a single match (0 for nothing, e.g. after a directory).
 */
static inline void qp_el_completion_done(int append_character) {
  rl_attempted_completion_over = 1;
  rl_completion_append_character = append_character;
}

/* The line being edited, from inside a completion function (not owned by the caller). */
static inline const char *qp_el_line_buffer(void) {
  return rl_line_buffer;
}

/* The newest history line, or NULL when the history is empty (not owned by the caller). */
static inline const char *qp_el_last_history(void) {
  if (history_length <= 0) {
    return NULL;
  }
  HIST_ENTRY *entry = history_get(history_base + history_length - 1);
  return entry == NULL ? NULL : entry->line;
}

/* Why `qp_readline` returned NULL. */
typedef enum {
  QP_EL_LINE = 0,
  QP_EL_INTERRUPTED = 1,
  QP_EL_END = 2,
} qp_el_status;

/*
 * Reads one line with `prompt` and returns it (to be freed by the caller), or NULL with `status`
 * telling an interrupt (Ctrl-C: the line typed so far is discarded) from the end of input.
 *
 * SIGINT is unblocked in this thread for the duration of the call, so the handler that
 * `qp_el_prepare_sigint` installed interrupts the pending read (libedit passes the signal on to it
 * after restoring the terminal) and libedit gives up the line.
 */
static inline char *qp_readline(const char *prompt, qp_el_status *status) {
  struct qp_el_signal_state *state = qp_el_signal_state();
  state->interrupted = 0;
  state->reader = pthread_self();
  state->reading = 1;
  sigset_t interrupt;
  sigset_t mask;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_UNBLOCK, &interrupt, &mask);

  char *line = readline(prompt);

  pthread_sigmask(SIG_SETMASK, &mask, NULL);
  state->reading = 0;
  if (line != NULL) {
    *status = QP_EL_LINE;
  } else if (state->interrupted) {
    *status = QP_EL_INTERRUPTED;
  } else {
    *status = QP_EL_END;
  }
  state->interrupted = 0;
  return line;
}

/*
 * Batch mode: SIGTERM and SIGHUP end the session as the end of input does (the app closes, which
 * saves), rather than killing it with its unsaved play. The handler notes the first signal, wakes
 * the read waiting in `poll` through a pipe of its own, and gives the signal back its default, so a
 * second one ends the process at once. Called from StandardInput.swift only (see above).
 */
struct qp_end_state {
  volatile sig_atomic_t signal;
  int wake_read;
  int wake_write;
};

static inline struct qp_end_state *qp_end_state(void) {
  static struct qp_end_state state = {0, -1, -1};
  return &state;
}

static void qp_on_end_signal(int signo) {
  struct qp_end_state *state = qp_end_state();
  int saved = errno;
  if (state->signal == 0) {
    state->signal = signo;
  }
  signal(signo, SIG_DFL);
  if (state->wake_write >= 0) {
    char byte = 1;
    (void)write(state->wake_write, &byte, 1);
  }
  errno = saved;
}

/* Installs the handler for SIGTERM and SIGHUP; the descriptor that becomes readable when one
 * arrives, or -1 when no pipe could be made (the signals then keep their default). */
static inline int qp_end_prepare(void) {
  struct qp_end_state *state = qp_end_state();
  if (state->wake_read >= 0) {
    return state->wake_read;
  }
  int fds[2];
  if (pipe(fds) != 0) {
    return -1;
  }
  for (int i = 0; i < 2; i++) {
    fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    fcntl(fds[i], F_SETFL, O_NONBLOCK);
  }
  state->wake_read = fds[0];
  state->wake_write = fds[1];
  qp_install_handler(SIGTERM, qp_on_end_signal, SA_RESTART);
  qp_install_handler(SIGHUP, qp_on_end_signal, SA_RESTART);
  return fds[0];
}

/* The signal that ended the session (SIGTERM or SIGHUP), or 0. */
static inline int qp_end_signal(void) {
  return qp_end_state()->signal;
}

/*
 * Interactive: SIGTERM and SIGHUP (a closed terminal) are noted as in batch mode (no pipe is made:
 * nothing waits in `poll`) and interrupt the line being read by SIGINT's route, so `qp_readline` returns and the session ends as at Ctrl-D.
 * Called from LineEditor.swift only, after `qp_el_prepare_sigint`.
 */
static void qp_el_on_end_signal(int signo) {
  qp_on_end_signal(signo);
  int saved = errno;
  struct qp_el_signal_state *state = qp_el_signal_state();
  if (state->reading) {
    if (pthread_equal(pthread_self(), state->reader)) {
      state->interrupted = 1;
    } else {
      pthread_kill(state->reader, SIGINT);
    }
  }
  errno = saved;
}

static inline void qp_el_prepare_end_signals(void) {
  qp_install_handler(SIGTERM, qp_el_on_end_signal, 0);
  qp_install_handler(SIGHUP, qp_el_on_end_signal, 0);
}

#endif
