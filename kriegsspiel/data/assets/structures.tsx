<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="structures" tilewidth="32" tileheight="32" tilecount="8" columns="8">
 <image source="structures.png" width="256" height="32"/>
 <tile id="0" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="settlement"/>
  </properties>
 </tile>
 <tile id="1" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="building"/>
  </properties>
 </tile>
 <tile id="2" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="bridge"/>
  </properties>
 </tile>
 <tile id="3" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="bridge"/>
  </properties>
 </tile>
 <tile id="4" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="fortification"/>
  </properties>
 </tile>
 <tile id="5" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="port"/>
  </properties>
 </tile>
 <tile id="6" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="airfield"/>
  </properties>
 </tile>
 <tile id="7" type="structure">
  <properties>
   <property name="kind" propertytype="StructureKind" value="road"/>
  </properties>
 </tile>
</tileset>
