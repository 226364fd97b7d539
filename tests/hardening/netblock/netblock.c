/* LD_PRELOAD shim for the offline tests: every internet connection, datagram or name lookup made by any
 * dynamically linked code in the process (C libraries such as llama.cpp, ONNX Runtime, Qt, not only Python's
 * socket module) is appended to $REDRAFT_NET_LOG and fails. Unix-domain sockets stay allowed. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

static void note(const char *what, const char *target) {
    const char *path = getenv("REDRAFT_NET_LOG");
    if (!path) return;
    FILE *log = fopen(path, "a");
    if (!log) return;
    fprintf(log, "%d C %s %s\n", (int)getpid(), what, target ? target : "");
    fclose(log);
}

static int internet(const struct sockaddr *addr) {
    return addr && (addr->sa_family == AF_INET || addr->sa_family == AF_INET6);
}

int connect(int fd, const struct sockaddr *addr, socklen_t len) {
    static int (*real)(int, const struct sockaddr *, socklen_t);
    if (internet(addr)) {
        note("connect", addr->sa_family == AF_INET ? "inet" : "inet6");
        errno = EACCES;
        return -1;
    }
    if (!real) real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    return real(fd, addr, len);
}

ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *addr, socklen_t len) {
    static ssize_t (*real)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
    if (internet(addr)) {
        note("sendto", addr->sa_family == AF_INET ? "inet" : "inet6");
        errno = EACCES;
        return -1;
    }
    if (!real) real = (ssize_t (*)(int, const void *, size_t, int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "sendto");
    return real(fd, buf, n, flags, addr, len);
}

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res) {
    (void)service; (void)hints; (void)res;
    note("getaddrinfo", node);
    return EAI_FAIL;
}

struct hostent *gethostbyname(const char *name) {
    note("gethostbyname", name);
    h_errno = NO_RECOVERY;
    return NULL;
}
