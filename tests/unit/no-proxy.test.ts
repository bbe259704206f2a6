// NO_PROXY as curl reads it (and Go, for ports): every rule, and what each
// rule must not reach.

import { describe, expect, it } from 'vitest';
import { bypassesProxy } from '../../src/main/probe/proxy/no-proxy';

/** Whether `list` sends `url` around the proxy; the port is the URL's or its scheme's. */
function bypasses(list: string, url: string): boolean {
  const target = new URL(url);
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  return bypassesProxy(list, target.hostname, port);
}

function expectCovers(list: string, covered: string[], notCovered: string[]): void {
  for (const url of covered) expect(bypasses(list, url), `"${list}" covers ${url}`).toBe(true);
  for (const url of notCovered) {
    expect(bypasses(list, url), `"${list}" does not cover ${url}`).toBe(false);
  }
}

describe('NO_PROXY', () => {
  it('covers a bare name and its subdomains, not a name that merely ends the same', () => {
    expectCovers(
      'llm.test',
      ['https://llm.test/v1', 'https://api.llm.test/v1', 'https://a.b.llm.test/v1'],
      ['https://notllm.test/v1', 'https://llm.test.example/v1'],
    );
    expectCovers('api.llm.test', ['https://api.llm.test/v1'], ['https://llm.test/v1']);
  });

  it('reads a leading dot, and *., as the bare name', () => {
    for (const list of ['.llm.test', '*.llm.test']) {
      expectCovers(
        list,
        ['https://llm.test/v1', 'https://api.llm.test/v1'],
        ['https://notllm.test/v1'],
      );
    }
  });

  it('is * alone for every host; * within a list, or as part of a name, is no wildcard', () => {
    expectCovers('*', ['https://api.openai.com/v1', 'http://10.1.2.3/v1'], []);
    expectCovers(' * ', ['https://api.openai.com/v1'], []);
    for (const list of ['llm.test,*', '*openai.com', 'api.*.com']) {
      expectCovers(list, [], ['https://api.openai.com/v1']);
    }
  });

  it('splits on commas and blanks, any number of them', () => {
    expectCovers(
      ' first.test,, second.test \t third.test ,',
      ['https://first.test/', 'https://second.test/', 'https://third.test/'],
      ['https://fourth.test/'],
    );
    for (const list of ['', ' , ']) expectCovers(list, [], ['https://first.test/']);
  });

  it('ignores case and trailing dots, in the list and in the host', () => {
    expectCovers('LLM.Test', ['https://API.llm.TEST/v1'], []);
    expectCovers('llm.test.', ['https://api.llm.test/v1'], []);
    expectCovers('llm.test', ['https://api.llm.test./v1'], []);
    expectCovers('.', [], ['https://api.llm.test/v1']);
  });

  it('restricts an entry with a port to that port, the scheme’s default included', () => {
    expectCovers('llm.test:8443', ['https://api.llm.test:8443/v1'], ['https://api.llm.test/v1']);
    expectCovers('llm.test:443', ['https://api.llm.test/v1'], ['http://api.llm.test/v1']);
    expectCovers('10.0.0.7:8000', ['http://10.0.0.7:8000/v1'], ['http://10.0.0.7:8001/v1']);
    expectCovers('[fd00::7]:8000', ['http://[fd00::7]:8000/v1'], ['http://[fd00::7]:9000/v1']);
    expectCovers('llm.test:https', [], ['https://llm.test/v1']);
  });

  it('matches IPv4 and IPv6 addresses as addresses, an IPv6 one bare or in brackets', () => {
    expectCovers('10.0.0.7', ['http://10.0.0.7/v1'], ['http://10.0.0.70/v1']);
    // The same address written otherwise, too.
    for (const list of ['fd00::7', '[fd00::7]', 'fd00:0:0::7']) {
      expectCovers(list, ['http://[fd00::7]/v1'], ['http://[fd00::8]/v1']);
    }
    // An address is no domain: it covers no name, and a name covers no address.
    expectCovers('0.0.7', [], ['http://10.0.0.7/v1']);
    expectCovers('10.0.0.7', [], ['http://host.10.0.0.7.test/v1']);
  });

  it('matches CIDR ranges, IPv4 and IPv6, and nothing outside them', () => {
    expectCovers('10.0.0.0/8', ['http://10.200.3.4/v1'], ['http://11.0.0.1/v1']);
    expectCovers('192.168.4.0/22', ['http://192.168.7.255/v1'], ['http://192.168.8.0/v1']);
    expectCovers('::1/128', ['http://[::1]:8080/v1'], ['http://[::2]/v1']);
    expectCovers('fd00::/8', ['http://[fd12:3456::1]/v1'], ['http://[fe80::1]/v1']);
    // Ranges of one family never cover the other, nor a name that starts like a number.
    expectCovers('::/0', [], ['http://10.0.0.1/v1']);
    expectCovers('0.0.0.0/0', [], ['http://[fd00::1]/v1']);
    expectCovers('10.0.0.0/8', [], ['http://10.example.test/v1']);
  });

  it('skips entries that can match nothing, and still reads the rest', () => {
    for (const broken of ['10.0.0.0/33', '::/129', '10.0.0.0/x', 'a/b', '[fd00::7', 'host:']) {
      expectCovers(broken, [], ['http://10.0.0.1/v1', 'https://host/v1']);
      expectCovers(`${broken},llm.test`, ['https://api.llm.test/v1'], []);
    }
  });
});
