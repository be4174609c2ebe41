<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use ReflectionClass;

/**
 * stubs/url_normalize.stub.php is the API's documentation: it must declare exactly what the
 * loaded extension exports, and document every method, property and constant with an example.
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
        $declared = array_merge(get_declared_classes(), get_declared_interfaces());
        $stubbed = array_values(array_map(
            static fn (string $class): string => substr($class, strlen(self::MIRROR)),
            array_filter($declared, static fn (string $c): bool => str_starts_with($c, self::MIRROR))
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
            // An enum's cases(), from() and tryFrom() are PHP's, documented by PHP.
            $builtIn = $mirror->isEnum() && in_array($method->getName(), ['cases', 'from', 'tryFrom'], true);
            if ($method->getDeclaringClass()->getName() === $mirror->getName() && !$builtIn) {
                $this->assertMatchesRegularExpression(
                    '/Example/',
                    (string) $method->getDocComment(),
                    "$class::{$method->getName()}"
                );
            }
        }
        // An enum's $name and $value are PHP's too.
        foreach ($mirror->isEnum() ? [] : $mirror->getProperties() as $property) {
            if ($property->getDeclaringClass()->getName() === $mirror->getName() && $property->isPublic()) {
                $this->assertMatchesRegularExpression(
                    '/Example/',
                    (string) $property->getDocComment(),
                    "$class::\${$property->getName()}"
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
     * @param list<string> $names
     * @return list<string>
     */
    private static function sorted(array $names): array
    {
        sort($names);
        return $names;
    }

    /**
     * What PHP code can observe of a class: parent, modifiers, constants, public properties and
     * the signatures of the methods it declares itself.
     *
     * @return array<string, mixed>
     */
    private static function describe(ReflectionClass $class): array
    {
        // The mirror's own names (its enum, its interface) read as the extension's.
        $name = static fn (string $type): string => str_replace(self::MIRROR, '', $type);
        $methods = [];
        foreach ($class->getMethods() as $method) {
            if ($method->getDeclaringClass()->getName() !== $class->getName()) {
                continue;
            }
            $parameters = [];
            foreach ($method->getParameters() as $parameter) {
                $parameters[] = [
                    'name' => $parameter->getName(),
                    'type' => $name((string) $parameter->getType()),
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
                'return' => $name((string) $method->getReturnType()),
                'parameters' => $parameters,
            ];
        }
        ksort($methods);
        // The public properties PHP code reads (the private ones are the extension's own).
        $properties = [];
        foreach ($class->getProperties(\ReflectionProperty::IS_PUBLIC) as $property) {
            if ($property->getDeclaringClass()->getName() === $class->getName()) {
                $properties[$property->getName()] = [
                    'type' => (string) $property->getType(),
                    'static' => $property->isStatic(),
                ];
            }
        }
        ksort($properties);
        $constants = array_map(
            static fn (mixed $value): mixed => $value instanceof \BackedEnum ? 'case ' . $value->value : $value,
            $class->getConstants()
        );
        ksort($constants);
        $parent = $class->getParentClass();
        return [
            'parent' => $parent === false ? null : $parent->getName(),
            'final' => $class->isFinal(),
            'abstract' => $class->isAbstract(),
            'readonly' => PHP_VERSION_ID >= 80200 && $class->isReadOnly(),
            'interfaces' => self::sorted(array_map($name, $class->getInterfaceNames())),
            'interface' => $class->isInterface(),
            'enum' => $class->isEnum(),
            'backing' => $class->isEnum() ? (string) (new \ReflectionEnum($class->getName()))->getBackingType() : null,
            'constants' => $constants,
            'properties' => $properties,
            'methods' => $methods,
        ];
    }
}
