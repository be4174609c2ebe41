<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use ReflectionClass;

/**
 * stubs/url_normalize.stub.php is the API's documentation: it must declare exactly what the
 * loaded extension exports, and document every method and constant with an example.
 */
final class StubTest extends TestCase
{
    private const STUB = __DIR__ . '/../stubs/url_normalize.stub.php';
    private const MIRROR = 'StubMirror\\';

    public static function setUpBeforeClass(): void
    {
        if (!class_exists(self::MIRROR . 'UrlNormalize\\UrlNormalizer', false)) {
            $source = (string) file_get_contents(self::STUB);
            eval('?>' . str_replace('namespace UrlNormalize {', 'namespace StubMirror\\UrlNormalize {', $source));
        }
    }

    public function testTheStubDeclaresExactlyTheExtensionsClasses(): void
    {
        $exported = (new \ReflectionExtension('url_normalize'))->getClassNames();
        $stubbed = array_values(array_map(
            static fn (string $class): string => substr($class, strlen(self::MIRROR)),
            array_filter(get_declared_classes(), static fn (string $c): bool => str_starts_with($c, self::MIRROR))
        ));
        sort($exported);
        sort($stubbed);
        $this->assertSame($exported, $stubbed);
    }

    /**
     * @dataProvider classes
     */
    public function testTheStubMatchesTheExtension(string $class): void
    {
        $this->assertEquals(
            self::describe(new ReflectionClass($class)),
            self::describe(new ReflectionClass(self::MIRROR . $class)),
            "stubs/url_normalize.stub.php differs from the loaded extension for $class"
        );
    }

    /**
     * @dataProvider classes
     */
    public function testEveryMethodAndConstantIsDocumentedWithAnExample(string $class): void
    {
        $mirror = new ReflectionClass(self::MIRROR . $class);
        $this->assertNotFalse($mirror->getDocComment(), "$class has no docblock");
        foreach ($mirror->getMethods() as $method) {
            if ($method->getDeclaringClass()->getName() === $mirror->getName()) {
                $this->assertMatchesRegularExpression(
                    '/Example/',
                    (string) $method->getDocComment(),
                    "$class::{$method->getName()}"
                );
            }
        }
        foreach ($mirror->getReflectionConstants() as $constant) {
            $this->assertMatchesRegularExpression(
                '/Example/',
                (string) $constant->getDocComment(),
                "$class::{$constant->getName()}"
            );
        }
    }

    /**
     * @return array<string, array{string}>
     */
    public static function classes(): array
    {
        $classes = [];
        foreach ((new \ReflectionExtension('url_normalize'))->getClassNames() as $class) {
            $classes[$class] = [$class];
        }
        return $classes;
    }

    /**
     * What PHP code can observe of a class: parent, modifiers, constants and the signatures of
     * the methods it declares itself.
     *
     * @return array<string, mixed>
     */
    private static function describe(ReflectionClass $class): array
    {
        $methods = [];
        foreach ($class->getMethods() as $method) {
            if ($method->getDeclaringClass()->getName() !== $class->getName()) {
                continue;
            }
            $parameters = [];
            foreach ($method->getParameters() as $parameter) {
                $parameters[] = [
                    'name' => $parameter->getName(),
                    'type' => (string) $parameter->getType(),
                    'optional' => $parameter->isOptional(),
                    'default' => $parameter->isDefaultValueAvailable() ? $parameter->getDefaultValue() : '(none)',
                    'byReference' => $parameter->isPassedByReference(),
                    'attributes' => array_map(
                        static fn (\ReflectionAttribute $attribute): string => $attribute->getName(),
                        $parameter->getAttributes()
                    ),
                ];
            }
            $methods[$method->getName()] = [
                'static' => $method->isStatic(),
                'final' => $method->isFinal(),
                'visibility' => \Reflection::getModifierNames($method->getModifiers()),
                'return' => (string) $method->getReturnType(),
                'parameters' => $parameters,
            ];
        }
        ksort($methods);
        $constants = $class->getConstants();
        ksort($constants);
        $parent = $class->getParentClass();
        return [
            'parent' => $parent === false ? null : $parent->getName(),
            'final' => $class->isFinal(),
            'abstract' => $class->isAbstract(),
            'readonly' => PHP_VERSION_ID >= 80200 && $class->isReadOnly(),
            'interfaces' => $class->getInterfaceNames(),
            'constants' => $constants,
            'methods' => $methods,
        ];
    }
}
