import os from 'node:os';

// Classic BPF, as the kernel's seccomp reads it (linux/filter.h, linux/seccomp.h).
const LOAD_WORD = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_IF_EQUAL = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_IF_AT_LEAST = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RETURN = 0x06; // BPF_RET | BPF_K
const SYSCALL_NUMBER = 0; // seccomp_data.nr
const SYSCALL_ARCH = 4; // seccomp_data.arch
const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALLS = 0x40000000;
const SOCKET = 41;
const SOCKETPAIR = 53;
const IO_URING_SETUP = 425;
const ALLOW = 0x7fff0000;
const KILL_PROCESS = 0x80000000;
const FAIL_WITH = (errno: number) => 0x00050000 | errno; // SECCOMP_RET_ERRNO
const EACCES = 13;
const ENOSYS = 38;

type Instruction = [code: number, jumpIfTrue: number, jumpIfFalse: number, value: number];

/**
 * The kernel filter the page renderer runs under (bubblewrap's `--seccomp`): a process that may not
 * create a socket of any kind, so remote code has no network, not even the empty one of its own
 * network namespace, and no UNIX socket to the gateway's. The renderer needs none: its one channel
 * to the gateway is inherited. `io_uring_setup` is refused too, because a ring can open sockets
 * without calling `socket`; libuv then does its file work on threads, as it did before rings.
 * Only x86-64 is described: elsewhere this returns null and the renderer is not started.
 */
export function noSocketsFilter(arch: string = os.arch()): Buffer | null {
  if (arch !== 'x64') return null;
  const program: Instruction[] = [
    [LOAD_WORD, 0, 0, SYSCALL_ARCH],
    [JUMP_IF_EQUAL, 1, 0, AUDIT_ARCH_X86_64],
    [RETURN, 0, 0, KILL_PROCESS],
    [LOAD_WORD, 0, 0, SYSCALL_NUMBER],
    // The x32 calls are a second table of the same calls: refused whole.
    [JUMP_IF_AT_LEAST, 3, 0, X32_SYSCALLS],
    [JUMP_IF_EQUAL, 2, 0, SOCKET],
    [JUMP_IF_EQUAL, 1, 0, SOCKETPAIR],
    [JUMP_IF_EQUAL, 1, 2, IO_URING_SETUP],
    [RETURN, 0, 0, FAIL_WITH(EACCES)],
    [RETURN, 0, 0, FAIL_WITH(ENOSYS)],
    [RETURN, 0, 0, ALLOW],
  ];
  const filter = Buffer.alloc(program.length * 8);
  program.forEach(([code, jumpIfTrue, jumpIfFalse, value], index) => {
    filter.writeUInt16LE(code, index * 8);
    filter.writeUInt8(jumpIfTrue, index * 8 + 2);
    filter.writeUInt8(jumpIfFalse, index * 8 + 3);
    filter.writeUInt32LE(value, index * 8 + 4);
  });
  return filter;
}
