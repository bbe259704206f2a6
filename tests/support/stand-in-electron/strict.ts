// An object of the stand-in that refuses to be read where it has nothing: code
// under test that reaches for a part of Electron the stand-in does not provide
// gets an error naming it, never a silent `undefined` that would make a call
// a no-op (`contents.setSomething?.()` passing unseen).

/** Looked up by runtimes and libraries on any object (await, JSON, inspect): not Electron API. */
const ALWAYS_ABSENT = new Set(['then', 'toJSON']);

export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object || ALWAYS_ABSENT.has(property)) {
        return Reflect.get(object, property, receiver) as unknown;
      }
      throw new Error(
        `stand-in electron: ${name}.${property} is not implemented. The code under test uses a ` +
          'part of Electron that tests/support/stand-in-electron does not provide: add it there, ' +
          "as Electron's documentation describes it.",
      );
    },
  });
}
